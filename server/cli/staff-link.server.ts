/**
 * npm run staff-link -- <staff e-mail>
 *   Prints a one-time staff-desk sign-in link, valid 15 minutes, for an address in STAFF_EMAILS, when no
 *   identity provider (OIDC_ISSUER) is configured. Signed with SESSION_SECRET, so it needs no database and
 *   works while the server runs on the embedded one; the server records its single use when it is redeemed.
 */
import { loadConfig } from '../../platform/config.server.js';
import { parseCliArgs } from './args.server.js';
import { signStaffLink, STAFF_LINK_MINUTES } from '../staff/staff-link-token.server.js';

const USAGE = 'usage: npm run staff-link -- <staff e-mail>';

function main(): number {
  const config = loadConfig();
  const { positional } = parseCliArgs(process.argv.slice(2));
  const email = positional[0]?.trim().toLowerCase();
  if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) {
    console.error(USAGE);
    return 2;
  }
  if (config.oidc) {
    console.error(
      'Staff sign in through the identity provider (OIDC_ISSUER is set): open /staff and choose "Sign in with your university account".',
    );
    return 1;
  }
  if (!config.staff.emails.includes(email)) {
    console.error(`${email} is not in STAFF_EMAILS: add it there (and restart the server) first.`);
    return 1;
  }
  console.log(`${config.publicUrl}/staff/link?token=${signStaffLink(config.sessionSecret, email, new Date())}`);
  console.error(`One use, within ${STAFF_LINK_MINUTES} minutes.`);
  return 0;
}

try {
  process.exit(main());
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
