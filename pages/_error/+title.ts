export const title = 'Something went wrong';
