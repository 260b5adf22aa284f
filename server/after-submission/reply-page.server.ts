import type { AppServices } from '../../platform/app-services.server.js';
import type { OfficeRequest } from '../office-page.server.js';
import type { StaffReplyPageData } from '../../contracts/reply-data.js';
import { findDecision } from '../../db/repos/after-submission.server.js';
import { ANSWERS_FOR, findReply } from '../../db/repos/replies.server.js';
import { submittedApplication } from '../../domain/after-submission/checklist.server.js';
import { replyDatePassed, replyDeadline } from '../../domain/after-submission/reply-date.server.js';
import { REPLY_LABELS } from '../../domain/after-submission/reply-rules.js';
import { hasRole } from '../../domain/reading/roles.server.js';
import { applicantName } from '../../form/applicant-name.js';
import { formatDeskTime } from '../../form/local-time.js';
import { isUuid } from '../staff/filter.server.js';
import { auditOffice } from '../staff/audit.server.js';
import { DECISION_LABELS } from './staff-labels.js';

const DONE: Record<string, string> = {
  reply: 'The reply is recorded for the applicant. It is in the audit trail and sent to the CRM.',
  'waiver-approved': 'The deposit waiver is approved. The applicant reads it on their status page.',
  'waiver-declined': 'The deposit waiver is declined. The applicant reads it on their status page.',
  unchanged: 'Nothing changed: that was already so.',
};

const WAIVER_LABELS = { requested: 'Requested, waiting for a lead', approved: 'Approved', declined: 'Declined' } as const;

/** GET /staff/applications/:id/reply: the reply to the offer and the deposit waiver of one application (a read, audited). */
export async function replyPageData(services: AppServices, office: OfficeRequest): Promise<StaffReplyPageData & { status: number | null }> {
  const id = office.params.id ?? '';
  const staffEmail = office.staff?.email ?? null;
  const knex = services.db.knex;
  const app = isUuid(id) ? await submittedApplication(knex, { userId: id }) : null;
  const none = { done: null, deadline: null, lines: [], waiver: null, form: null };
  if (!app) {
    return {
      ...none,
      status: 404,
      title: 'Application not found',
      staffEmail,
      base: null,
      message: 'No submitted application with this id.',
      offer: '',
    };
  }
  await auditOffice(services, office, 'view', { userId: app.userId, detail: { page: 'reply' } });
  const [decision, reply] = await Promise.all([findDecision(knex, app.userId), findReply(knex, app.userId)]);
  const when = (d: Date | string | null) => (d ? formatDeskTime(d, services.config.timeZone) : '');
  const title = `Reply and deposit: ${applicantName(app.answers, app.username)} (${app.reference ?? 'no reference'})`;
  const base = `/staff/applications/${app.userId}`;
  const asked = office.query.get('done');
  const done = asked && DONE[asked] ? DONE[asked] : null;
  if (!decision?.released_at || decision.decision === 'deny') {
    const offer = decision?.released_at
      ? 'Deny, released: there is nothing to reply to.'
      : 'No decision is released: there is nothing to reply to yet.';
    return { ...none, status: null, title, staffEmail, base, message: null, done, offer };
  }
  const now = services.now();
  const deadline = replyDeadline(services.config, app, now);
  const passed = replyDatePassed(deadline, now);
  const lead = office.staff ? hasRole(services.config, office.staff, 'lead') : false;
  const lines = reply
    ? [
        `${REPLY_LABELS[reply.answer]}: ${when(reply.replied_at)}, ${reply.replied_by === 'applicant' ? 'by the applicant' : `recorded by ${reply.replied_by}`} (change ${reply.version}).`,
        ...(reply.college_name
          ? [`Where instead: ${reply.college_name}${reply.college_lookup_id ? ' (from the college list)' : ' (as typed)'}.`]
          : []),
      ]
    : ['No reply yet.'];
  return {
    status: null,
    title,
    staffEmail,
    base,
    message: null,
    done,
    offer: `${DECISION_LABELS[decision.decision]}, released ${when(decision.released_at)}.`,
    deadline: `${formatDeskTime(new Date(deadline.closesAt.getTime() - 60_000), services.config.timeZone)}${passed ? ' (passed: only the office changes the reply now)' : ''}`,
    lines,
    waiver: reply?.waiver_status
      ? {
          status: WAIVER_LABELS[reply.waiver_status],
          reason: reply.waiver_reason ?? '',
          lines: [
            `Asked ${when(reply.waiver_requested_at)}.`,
            ...(reply.waiver_decided_at
              ? [`${WAIVER_LABELS[reply.waiver_status]} ${when(reply.waiver_decided_at)} by ${reply.waiver_decided_by}.`]
              : []),
          ],
          canDecide: lead && reply.waiver_status === 'requested',
        }
      : null,
    form: lead
      ? {
          version: reply?.version ?? 0,
          options: ANSWERS_FOR[decision.decision].map((value) => ({ value, label: REPLY_LABELS[value], checked: reply?.answer === value })),
          college: decision.decision === 'admit' ? (reply?.college_name ?? '') : null,
        }
      : null,
  };
}
