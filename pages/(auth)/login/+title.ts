export const title = 'Log In';
