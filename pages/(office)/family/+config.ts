import type { Config } from 'vike/types';

// A family member arrives from an e-mail: the pages are not for search engines and send no referrer.
export default {
  titleSuffix: 'Family access',
  noIndex: true,
} satisfies Config;
