import type { Config } from 'vike/types';

export default {
  titleSuffix: 'Staff desk - Freshman Application',
} satisfies Config;
