import type { PasskeysPageData } from '../../contracts/passkeys.js';
import { PASSKEY_REMOVE_QUERY } from '../../contracts/passkeys.js';
import { listPasskeys } from '../../db/repos/passkeys.server.js';
import { passkeySummary } from '../auth/passkeys/registration.server.js';
import { reviewPageData } from './review-page.server.js';

type PageContext = Parameters<typeof reviewPageData>[0] & { urlParsed: { search: Record<string, string> } };

/**
 * /passkeys (issue 41): the shell's data as /your-data reads it, the account's passkeys (scoped to the session's
 * account), and — for `?remove=<id>` naming one of them — the passkey whose removal the page asks to confirm.
 */
export async function passkeysPageData(pageContext: PageContext): Promise<PasskeysPageData> {
  const shell = await reviewPageData(pageContext);
  const user = pageContext.locals?.user;
  const passkeys = user ? (await listPasskeys(pageContext.services.db.knex, user.id)).map(passkeySummary) : [];
  const asked = pageContext.urlParsed.search[PASSKEY_REMOVE_QUERY];
  return { ...shell, passkeys, confirmRemove: passkeys.find((p) => p.id === asked) ?? null };
}
