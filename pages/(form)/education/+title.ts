export const title = 'Your Academics';
