import type { Config } from 'vike/types';

// A family member arrives from an e-mail: the pages are not for search engines and send no referrer.
export default {
  titleSuffix: 'Family access',
  noIndex: true,
  // A parent often reads Spanish (issue 39, docs/i18n.md): these pages speak the family member's language.
  readerLanguage: true,
} satisfies Config;
