export const title = 'Forgot Password';
