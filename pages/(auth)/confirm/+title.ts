export const title = 'Confirm Your Account';
