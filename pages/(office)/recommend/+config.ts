import type { Config } from 'vike/types';

// A teacher opens the link from an e-mail: the page is not for search engines, and its URL (the token) must
// not travel on as a referrer.
export default {
  titleSuffix: 'Office of Admissions',
  noIndex: true,
  offersSpanish: true,
} satisfies Config;
