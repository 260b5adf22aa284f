export const title = 'Teacher recommendations';
