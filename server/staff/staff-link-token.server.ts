import { signToken, verifyToken } from '../../platform/tokens/signed-token.server.js';

/**
 * `npm run staff-link` signs a 15-minute sign-in link with SESSION_SECRET (no database needed, so it works
 * while the server holds the embedded one); the server records the link's id when it is used, so it works
 * once (staff_link_redemptions keeps only a hash of the id).
 */
const PURPOSE = 'staff-link';
export const STAFF_LINK_MINUTES = 15;

export function signStaffLink(secret: string, email: string, now: Date): string {
  return signToken(secret, PURPOSE, { e: email.trim().toLowerCase() }, { now, ttlSeconds: STAFF_LINK_MINUTES * 60 });
}

export function verifyStaffLink(secret: string, token: unknown, now: Date) {
  return verifyToken<{ e: string }>(secret, PURPOSE, token, now);
}

/** The address of a link signed by this server, even an expired one (for the audit of a refused sign-in); else undefined. */
export function staffLinkAddress(secret: string, token: unknown): string | undefined {
  const checked = verifyToken<{ e: string }>(secret, PURPOSE, token, new Date(0));
  return checked.ok && typeof checked.claims.e === 'string' ? checked.claims.e : undefined;
}
