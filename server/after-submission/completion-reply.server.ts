import type { AppServices } from '../../platform/app-services.server.js';
import type { CompletionReply } from '../../contracts/reply-data.js';
import { findDecision } from '../../db/repos/after-submission.server.js';
import { ANSWERS_FOR, findReply } from '../../db/repos/replies.server.js';
import { depositLink } from '../../platform/config-deposit.server.js';
import { submittedApplication } from '../../domain/after-submission/checklist.server.js';
import { replyDatePassed, replyDeadline } from '../../domain/after-submission/reply-date.server.js';
import { COLLEGE_MAX_LENGTH, REPLY_LABELS, WAIVER_REASON_MAX_LENGTH } from '../../domain/after-submission/reply-rules.js';
import { universityDate } from '../../domain/after-submission/university-time.js';
import type { Lang } from '../../form/lang.js';
import { translator } from '../../contracts/i18n/translate.js';
import { ES_PAGES } from '../../contracts/i18n/es-catalogue.js';

/** Where /completion's reply forms post (rows in server/after-submission/reply-routes.server.ts). */
export const REPLY_FORM_PATH = '/completion/reply';
export const WAIVER_FORM_PATH = '/completion/deposit-waiver';

/** The notices after a post, and the waiver's state: English kept as data, put in the reader's language below. */
export const REPLY_NOTICES: Record<string, NonNullable<CompletionReply['notice']>> = {
  saved: { kind: 'success', text: 'Thank you: your reply is recorded. You can change it until the reply date.' },
  unchanged: { kind: 'info', text: 'Your reply was already recorded as you sent it; nothing changed.' },
  'waiver-requested': { kind: 'success', text: 'We have your request for a deposit waiver. The office will answer it here.' },
};

export const WAIVER_TEXT = {
  requested: 'You asked for the deposit to be waived on {{date}}. The office has not answered yet.',
  approved: 'Your deposit is waived (approved on {{date}}). There is nothing to pay.',
  declined: 'Your request for a deposit waiver was declined on {{date}}. Please pay the deposit.',
} as const;

/** /completion's "Your reply" section; null unless a released decision admits or waitlists the applicant. */
export async function completionReply(
  services: AppServices,
  userId: string,
  search: Record<string, string>,
  lang: Lang = 'en',
): Promise<CompletionReply | null> {
  const knex = services.db.knex;
  const [app, decision, reply] = await Promise.all([
    submittedApplication(knex, { userId }),
    findDecision(knex, userId),
    findReply(knex, userId),
  ]);
  if (!app || !decision?.released_at || decision.decision === 'deny') return null;
  const now = services.now();
  const zone = services.config.timeZone;
  // Dates and the texts computed here in the reader's language (docs/i18n.md); the page translates its own.
  const t = translator(lang, ES_PAGES);
  const deadline = replyDeadline(services.config, app, now, lang);
  const passed = replyDatePassed(deadline, now);
  const kind = decision.decision;
  const enrolling = kind === 'admit' && reply?.answer === 'enroll';
  const waiver = enrolling && reply.waiver_status ? reply : null;
  const { officeEmail, officePhone } = services.config.contacts;
  const notice = Object.hasOwn(REPLY_NOTICES, search.reply ?? '') ? REPLY_NOTICES[search.reply!] : null;
  return {
    kind,
    deadline: deadline.text,
    passed,
    current: reply
      ? {
          label: t(REPLY_LABELS[reply.answer]),
          on: universityDate(reply.replied_at, zone, lang),
          college: reply.college_name,
          byOffice: reply.replied_by !== 'applicant',
        }
      : null,
    form: passed
      ? null
      : {
          action: REPLY_FORM_PATH,
          version: reply?.version ?? 0,
          options: ANSWERS_FOR[kind].map((value) => ({ value, label: t(REPLY_LABELS[value]), checked: reply?.answer === value })),
          college: kind === 'admit' ? { value: reply?.college_name ?? '', max: COLLEGE_MAX_LENGTH } : null,
        },
    deposit: enrolling
      ? {
          payUrl: services.config.depositUrl && app.reference ? depositLink(services.config.depositUrl, app.reference) : null,
          reference: app.reference ?? '',
          officeEmail,
          officePhone,
          waiver: waiver?.waiver_status
            ? {
                status: waiver.waiver_status,
                text: t(WAIVER_TEXT[waiver.waiver_status], {
                  date: universityDate(waiver.waiver_decided_at ?? waiver.waiver_requested_at ?? now, zone, lang),
                }),
                reason: waiver.waiver_reason ?? '',
              }
            : null,
          waiverForm: passed || waiver ? null : { action: WAIVER_FORM_PATH, reasonMax: WAIVER_REASON_MAX_LENGTH },
        }
      : null,
    notice: notice ? { kind: notice.kind, text: t(notice.text) } : null,
  };
}
