import type { Config } from 'vike/types';

// The notice answers one request (an error, a refusal): never kept by a cache (test/integration/service-link.test.ts).
export default {
  cacheControl: 'no-store',
} satisfies Config;
