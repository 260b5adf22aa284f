import type { Request } from 'express';
import type { AppServices } from '../../../platform/app-services.server.js';
import { recordAudit, type AuditAction } from '../../../db/repos/staff.server.js';

/** Who the trail names for an applicant's own passkey events (their account is in user_id when known). */
const WHO = 'applicant:self';

/**
 * Every passkey event goes into the audit trail (staff_audit): added, removed, a sign-in and a refused sign-in with
 * its reason. A password sign-in is counted by fa_logins_total; a passkey's is counted there too (outcome passkey_*)
 * and, being new, also written down one by one, so a forged or replayed assertion leaves a line to find.
 */
export async function auditPasskey(
  services: AppServices,
  req: Request,
  action: Extract<AuditAction, `passkey-${string}`>,
  userId: string | null,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await recordAudit(services.db.knex, { at: services.now(), staff_email: WHO, action, user_id: userId, detail, ip: req.ip ?? null });
}
