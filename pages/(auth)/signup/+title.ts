export const title = 'Sign Up';
