export const title = 'Reset Password';
