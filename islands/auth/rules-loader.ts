import type { checkAuth } from '../../contracts/auth-check.js';

export type AuthErrors = typeof checkAuth;

let loading: Promise<AuthErrors> | null = null;
let loaded: AuthErrors | null = null;

/**
 * The cards check with contracts/auth-check.ts, the rules the API checks with. Nothing needs them before
 * a card first validates, so their small chunk loads on the first input or submit.
 */
export function loadAuthRules(): Promise<AuthErrors> {
  loading ??= import('../../contracts/auth-check.js').then(
    (module) => (loaded = module.checkAuth),
    (err: unknown) => {
      // A failed download (flaky network) must not stay cached: the next submit tries again.
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** Starts the download without waiting for it (on the first input). */
export function preloadAuthRules(): void {
  loadAuthRules().catch(() => undefined);
}

/** The rules once loaded, for rendering; null before. */
export function loadedAuthRules(): AuthErrors | null {
  return loaded;
}
