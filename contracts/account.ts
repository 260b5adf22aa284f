/**
 * The applicant's own data (issue 27): where the "Your data" page (/your-data, issue 38) posts and links, and what
 * it says. Shared by the page (pages/your-data/YourData.tsx) and the handlers (server/account/routes.server.ts).
 */
export const ACCOUNT_DELETE_PATH = '/account/delete';
export const ACCOUNT_DATA_PATH = '/account/data.zip';
/** The id of the page's section: the handlers send the applicant back to it. */
export const YOUR_DATA_ANCHOR = 'your-data';

export const ACCOUNT_MESSAGES = {
  deleted: 'Your application and account have been deleted, with every answer and document. You can create a new account at any time.',
  deletedTitle: 'Account deleted',
  wrongPassword: 'That password is not correct. Your application and account were not deleted.',
  passwordMissing: 'Enter your password to delete your application and account.',
  submitted: 'A submitted application is final and cannot be deleted. To ask about your data, contact the Office of Admissions.',
} as const;
