export const title = 'Application (print)';
