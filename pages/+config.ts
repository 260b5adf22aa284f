import type { Config } from 'vike/types';

export default {
  // Pages render on the server only; interactive parts are islands hydrated by islands/hydrate.ts.
  meta: {
    title: { env: { server: true } },
  },
  passToClient: [],
} satisfies Config;
