import { ApiError } from '../ui/api.js';

/**
 * @simplewebauthn/browser (about 4 KB) is fetched only by the islands that use it, when they first need it: pages
 * without a passkey island never download it (vite makes it a chunk of its own).
 */
export const loadWebAuthn = () => import('@simplewebauthn/browser');

/** What went wrong in a ceremony, for the island to say: null when nothing needs saying (another ceremony took over). */
export function ceremonyProblem(err: unknown, texts: { cancelled: string; refused: string; already?: string }): string | null {
  const name = (err as { name?: unknown } | null)?.name;
  // Another ceremony started (the button while the autofill offer waited): that one reports.
  if (name === 'AbortError') return null;
  // The person closed the dialog, chose nothing, or the time ran out: the browser does not tell which.
  if (name === 'NotAllowedError') return texts.cancelled;
  // Adding: the device already holds one of this account's passkeys (the options exclude them).
  if (name === 'InvalidStateError' && texts.already) return texts.already;
  if (err instanceof ApiError) return err.message;
  return texts.refused;
}
