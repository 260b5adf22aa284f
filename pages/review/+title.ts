export const title = 'Review your application';
