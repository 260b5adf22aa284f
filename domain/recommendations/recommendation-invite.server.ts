import { randomBytes } from 'node:crypto';
import type { AppServices } from '../../platform/app-services.server.js';
import { transactionalDb } from '../../platform/jobs/boss.server.js';
import { AFTER_SUBMISSION_MAIL_OPTIONS, AFTER_SUBMISSION_MAIL_QUEUE, type AfterSubmissionMailJob } from '../../platform/jobs/queues.js';
import { recordChecklistAudit } from '../../db/repos/after-submission.server.js';
import {
  countRecommendations,
  findWaiver,
  insertRecommendation,
  liveRecommendations,
  saveWaiver,
  updateRecommendation,
} from '../../db/repos/recommendations.server.js';
import { isEmailAddress } from '../../form/email-address.js';
import { isOwnAddress } from '../../form/own-addresses.js';
import { transcriptKeys } from '../../form/transcript-keys.js';
import { DAY_MS, REMINDER_DAYS, tokenHash } from '../after-submission/checklist.server.js';
import {
  MAX_INVITATIONS,
  RECOMMENDATION_LINK_DAYS,
  SUBJECT_MAX,
  TEACHER_NAME_MAX,
  applicantOf,
  recommendationToken,
} from './recommendation-common.server.js';

/** The applicant's side of recommendations: the FERPA waiver, and naming (or replacing) a teacher, which e-mails them. */

export type InviteOutcome =
  | 'sent'
  | 'invalid-slot'
  | 'invalid-name'
  | 'invalid-email'
  | 'invalid-subject'
  | 'own-address'
  | 'duplicate'
  | 'waiver-needed'
  | 'unchanged'
  | 'letter-in'
  | 'limit'
  | 'no-application';

export const INVITE_MESSAGES: Record<Exclude<InviteOutcome, 'sent'>, string> = {
  'invalid-slot': 'Choose the first or the second teacher.',
  'invalid-name': `Enter the teacher’s name (at most ${TEACHER_NAME_MAX} characters).`,
  'invalid-email': 'Enter the teacher’s e-mail address, like name@school.org.',
  'invalid-subject': `Enter the subject they teach you (at most ${SUBJECT_MAX} characters).`,
  'own-address': 'Enter your teacher’s address, not your own or a family member’s.',
  duplicate: 'You have already invited this address for your other recommendation. Choose another teacher.',
  'waiver-needed': 'Answer the question about your right to read the letters first.',
  unchanged: 'This teacher already has our invitation at this address.',
  'letter-in': 'This teacher has already sent their letter; it cannot be changed.',
  limit: `You have sent ${MAX_INVITATIONS} invitations, the most we can send from here. E-mail the Office of Admissions and we will help.`,
  'no-application': 'Start your application first.',
};

export interface TeacherInput {
  slot: string;
  name: string;
  email: string;
  subject: string;
}

function checked(input: TeacherInput): { slot: number; name: string; email: string; subject: string } | InviteOutcome {
  const slot = Number(input.slot);
  if (slot !== 1 && slot !== 2) return 'invalid-slot';
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (!name || name.length > TEACHER_NAME_MAX) return 'invalid-name';
  const email = input.email.trim().toLowerCase();
  if (!email || email.length > 254 || !isEmailAddress(email)) return 'invalid-email';
  const subject = input.subject.trim().replace(/\s+/g, ' ');
  if (!subject || subject.length > SUBJECT_MAX) return 'invalid-subject';
  return { slot, name, email, subject };
}

/**
 * Names the teacher of a slot (1 or 2) and e-mails them a link, now or replacing the slot's teacher: the old
 * link dies with the new row (a teacher who has sent a letter stays). Under the application row's lock, so two
 * posts at once cannot both take a slot nor pass the limit. Before or after submitting alike.
 */
export async function applicantInvitesTeacher(
  services: AppServices,
  userId: string,
  input: TeacherInput,
  ip: string | null,
): Promise<{ outcome: InviteOutcome; slot: number }> {
  const valid = checked(input);
  const slotOf = Number(input.slot) === 2 ? 2 : 1;
  if (typeof valid === 'string') return { outcome: valid, slot: slotOf };
  const { slot, name, email, subject } = valid;
  const outcome = await services.db.knex.transaction(async (trx): Promise<InviteOutcome> => {
    const now = services.now();
    const app = await applicantOf(trx, userId, true);
    if (!app) return 'no-application';
    if (!(await findWaiver(trx, userId))) return 'waiver-needed';
    if (isOwnAddress(email, app.answers, { exceptKey: transcriptKeys().counselorEmail, accountEmail: app.username })) return 'own-address';
    const live = await liveRecommendations(trx, userId);
    if (live.some((r) => r.slot !== slot && r.email === email)) return 'duplicate';
    const current = live.find((r) => r.slot === slot);
    if (current?.letter_submitted_at) return 'letter-in';
    if (current && current.email === email && !current.refused_at && !current.declined_at) return 'unchanged';
    if ((await countRecommendations(trx, userId)) >= MAX_INVITATIONS) return 'limit';
    if (current) await updateRecommendation(trx, current.id, { voided_at: now });
    const salt = randomBytes(24).toString('base64url');
    const id = await insertRecommendation(trx, {
      user_id: userId,
      slot,
      teacher_name: name,
      email,
      subject,
      salt,
      token_hash: tokenHash(recommendationToken(services.config.sessionSecret, salt)),
      created_at: now,
      expires_at: new Date(now.getTime() + RECOMMENDATION_LINK_DAYS * DAY_MS),
    });
    if (services.boss) {
      const db = transactionalDb(trx);
      const jobs: Array<[AfterSubmissionMailJob, number]> = [
        [{ kind: 'recommendation', recommendationId: id, reminder: 0 }, 0],
        [{ kind: 'recommendation', recommendationId: id, reminder: 1 }, REMINDER_DAYS[0] * 86_400],
        [{ kind: 'recommendation', recommendationId: id, reminder: 2 }, REMINDER_DAYS[1] * 86_400],
      ];
      for (const [job, after] of jobs)
        await services.boss.send(AFTER_SUBMISSION_MAIL_QUEUE, job, {
          ...AFTER_SUBMISSION_MAIL_OPTIONS,
          ...(after ? { startAfter: after } : {}),
          db,
        });
    }
    await recordChecklistAudit(trx, {
      at: now,
      actor: 'applicant',
      action: current ? 'recommendation-teacher-changed' : 'recommendation-invited',
      userId,
      detail: { slot, email, replaced: current?.email ?? null },
      ip,
    });
    return 'sent';
  });
  return { outcome, slot };
}

export type WaiverOutcome = 'saved' | 'invalid' | 'final' | 'no-application';

export const WAIVER_MESSAGES: Record<Exclude<WaiverOutcome, 'saved'>, string> = {
  invalid: 'Choose whether you waive your right to read the letters.',
  final: 'Your answer about the letters cannot change once a teacher has been invited.',
  'no-application': 'Start your application first.',
};

/** The FERPA waiver: free to change until the first invitation goes out (teachers write knowing the answer). */
export async function applicantAnswersWaiver(
  services: AppServices,
  userId: string,
  raw: string,
  ip: string | null,
): Promise<WaiverOutcome> {
  if (raw !== 'yes' && raw !== 'no') return 'invalid';
  return services.db.knex.transaction(async (trx) => {
    const now = services.now();
    const app = await applicantOf(trx, userId, true);
    if (!app) return 'no-application' as const;
    const before = await findWaiver(trx, userId);
    if (before && (await countRecommendations(trx, userId)) > 0) return before.waived === (raw === 'yes') ? 'saved' : 'final';
    await saveWaiver(trx, userId, raw === 'yes', now);
    await recordChecklistAudit(trx, {
      at: now,
      actor: 'applicant',
      action: 'recommendation-waiver',
      userId,
      detail: { waived: raw === 'yes' },
      ip,
    });
    return 'saved' as const;
  });
}
