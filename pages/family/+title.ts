export const title = 'Family access';
