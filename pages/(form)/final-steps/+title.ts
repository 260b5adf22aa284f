export const title = 'Final Steps';
