export const title = 'Your data';
