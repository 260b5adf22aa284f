import type { AppServices } from '../../platform/app-services.server.js';
import type { SessionUser } from '../auth/session.server.js';
import { sendInBackground } from '../auth/mails.server.js';
import { limitMailsTo } from '../auth/limits.server.js';
import { isEmailAddress } from '../../form/email-address.js';
import { applicantName } from '../../form/applicant-name.js';
import { FAMILY_MESSAGES, FAMILY_NAME_MAX, MAX_FAMILY_MEMBERS, type FamilyMemberView } from '../../contracts/family.js';
import { familyInvitationMail } from '../../domain/mail/family-mail.server.js';
import { universityDate, universityDateTime } from '../../domain/after-submission/university-time.js';
import type { TextParams } from '../../contracts/i18n/translate.js';
import type { Lang } from '../../form/lang.js';
import { submittedApplication } from '../../domain/after-submission/checklist.server.js';
import { recordChecklistAudit } from '../../db/repos/after-submission.server.js';
import { deleteInvitation, insertInvitation, listInvitations } from '../../db/repos/family.server.js';
import { hit } from '../../db/repos/rate-limits.server.js';
import { HttpError } from '../../platform/http-error.server.js';

/**
 * The applicant's side of family access (issue 39): invite up to MAX_FAMILY_MEMBERS people by name and address,
 * see who has access and when they last signed in, remove anyone at once. Each change is audited as the applicant's.
 */

/** Invitations one applicant may send a day (three people, a few corrections). */
export const INVITATIONS_PER_DAY = { max: 10, windowMs: 24 * 3600_000 };

export type InviteResult =
  | { ok: true; message: string; params: TextParams }
  | { ok: false; status: number; errors: { name?: string; email?: string }; message: string; params?: undefined };

/** A name as typed: spaces collapsed, control characters refused by length and content. */
function cleanName(raw: unknown): string {
  return typeof raw === 'string'
    ? raw
        .replace(/[\u0000-\u001f\u007f]/g, '')
        .replace(/\s+/g, ' ')
        .trim()
    : '';
}

export async function inviteFamilyMember(
  services: AppServices,
  user: SessionUser,
  input: { name: unknown; email: unknown },
  ip: string | null,
  /** The applicant's language: the invitation is written in it (English below a Spanish one). */
  lang: Lang = 'en',
): Promise<InviteResult> {
  const name = cleanName(input.name);
  const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : '';
  const errors: { name?: string; email?: string } = {};
  if (!name) errors.name = FAMILY_MESSAGES.nameMissing;
  else if (name.length > FAMILY_NAME_MAX) errors.name = FAMILY_MESSAGES.nameTooLong;
  if (!isEmailAddress(email) || email.length > 254) errors.email = FAMILY_MESSAGES.emailInvalid;
  else if (email === user.username.toLowerCase()) errors.email = FAMILY_MESSAGES.ownAddress;
  if (errors.name || errors.email) return { ok: false, status: 400, errors, message: (errors.name ?? errors.email)! };
  const now = services.now();
  // Removing and inviting again would otherwise let an applicant send the office's e-mail to any number of addresses.
  const sent = await hit(services.db.knex, `family-invite:${user.id}`, now, INVITATIONS_PER_DAY.windowMs);
  if (sent.hits > INVITATIONS_PER_DAY.max) return { ok: false, status: 429, errors: {}, message: FAMILY_MESSAGES.tooManyInvitations };
  const outcome = await insertInvitation(services.db.knex, { userId: user.id, name, email, now, max: MAX_FAMILY_MEMBERS });
  if (!outcome.ok) {
    const message =
      outcome.reason === 'limit'
        ? FAMILY_MESSAGES.limit
        : outcome.reason === 'duplicate'
          ? FAMILY_MESSAGES.duplicate
          : FAMILY_MESSAGES.notSubmitted;
    return { ok: false, status: 409, errors: outcome.reason === 'duplicate' ? { email: message } : {}, message };
  }
  await recordChecklistAudit(services.db.knex, {
    at: now,
    actor: 'applicant',
    action: 'family-invited',
    userId: user.id,
    detail: { member: outcome.member.id, email },
    ip,
  });
  // The invitation counts against the address's e-mail budget like any other message to it; over the budget the
  // invitation stands and the person can still sign in (they were told by the applicant, or ask for a code later).
  const app = await submittedApplication(services.db.knex, { userId: user.id });
  const within = await limitMailsTo(services, email).then(
    () => true,
    (err: unknown) => {
      if (err instanceof HttpError) return false;
      throw err;
    },
  );
  if (within)
    sendInBackground(
      services,
      familyInvitationMail(services.config, {
        to: email,
        memberName: name,
        applicantName: applicantName(app?.answers ?? {}, 'an applicant'),
        lang,
      }),
    );
  return { ok: true, message: FAMILY_MESSAGES.invited, params: { name } };
}

/** Removes one of the applicant's invitations; the person's sessions end in the same transaction. */
export async function removeFamilyMember(
  services: AppServices,
  userId: string,
  memberId: unknown,
  ip: string | null,
): Promise<{ ok: true; message: string; params: TextParams } | { ok: false; message: string; params?: undefined }> {
  const id = typeof memberId === 'string' && /^[0-9a-f-]{36}$/i.test(memberId) ? memberId : null;
  const removed = id ? await deleteInvitation(services.db.knex, userId, id) : null;
  if (!removed) return { ok: false, message: FAMILY_MESSAGES.unknownMember };
  await recordChecklistAudit(services.db.knex, {
    at: services.now(),
    actor: 'applicant',
    action: 'family-removed',
    userId,
    detail: { member: removed.id, email: removed.email },
    ip,
  });
  return { ok: true, message: FAMILY_MESSAGES.removed, params: { name: removed.name } };
}

/** Who has access, as the applicant's pages show it. */
export async function familyMembersView(services: AppServices, userId: string, lang: Lang = 'en'): Promise<FamilyMemberView[]> {
  const zone = services.config.timeZone;
  return (await listInvitations(services.db.knex, userId)).map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    invitedOn: universityDate(row.invited_at, zone, lang),
    lastSignedIn: row.last_signed_in_at ? universityDateTime(row.last_signed_in_at, zone, lang) : null,
  }));
}
