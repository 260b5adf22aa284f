export const title = 'Application Submitted';
