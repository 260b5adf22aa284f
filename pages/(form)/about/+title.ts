export const title = 'About You';
