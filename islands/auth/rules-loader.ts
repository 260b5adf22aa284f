import type { authErrors } from '../../contracts/auth-rules.js';

export type AuthErrors = typeof authErrors;

let loading: Promise<AuthErrors> | null = null;
let loaded: AuthErrors | null = null;

/**
 * joi is a third of the auth pages' JavaScript and nothing needs it before a card first validates:
 * the shared rules (contracts/auth-rules.ts, the same module the API validates with) load as their own
 * chunk on the first input or submit, so the messages stay identical to the server's.
 */
export function loadAuthRules(): Promise<AuthErrors> {
  loading ??= import('../../contracts/auth-rules.js').then(
    (module) => (loaded = module.authErrors),
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
