import type { AppServices } from '../../platform/app-services.server.js';
import { recordDecision } from '../after-submission/decisions.server.js';
import { LETTER_MAX_LENGTH, submittedApplication, type SubmittedApplication } from '../after-submission/checklist.server.js';
import { DECISIONS, type Decision } from '../../db/repos/after-submission.server.js';
import { currentTemplate, insertTemplateVersion, type LetterTemplateRow } from '../../db/repos/letter-templates.server.js';
import { allFields } from '../../form/fields.js';
import { displayValue } from '../../form/display.js';
import { staffKeys } from '../../form/staff-keys.js';
import { parseTerm, admissionFallYear } from '../../form/admission-cycle.js';
import type { Question } from '../../form/types.js';
import { ReadingError } from './errors.js';
import { mustHold, readingAudit } from './roles.server.js';
import type { StaffActor } from './staff-actor.js';

type Services = Pick<AppServices, 'config' | 'db' | 'now'>;

/** The merge fields a template may use, written {name}. */
export const MERGE_FIELDS = ['first_name', 'reference', 'entry_term', 'major', 'reply_date'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

const FIELD = /\{([^{}\s]*)\}/g;

/** The names in braces that are not merge fields (a typo would otherwise reach an applicant as "{frist_name}"). */
export function unknownMergeFields(body: string): string[] {
  return [...new Set([...body.matchAll(FIELD)].map((m) => m[1]!).filter((name) => !(MERGE_FIELDS as readonly string[]).includes(name)))];
}

/** Replaces each {field} with its value; anything else in braces is left as written. */
export function mergeLetter(template: string, fields: Readonly<Record<MergeField, string>>): string {
  return template.replace(FIELD, (whole, name: string) =>
    (MERGE_FIELDS as readonly string[]).includes(name) ? fields[name as MergeField] : whole,
  );
}

/** The major question: the one offering the majors list (found by what it is, as form/staff-keys.ts does). */
function majorQuestion(): Question | undefined {
  return allFields().find(
    (f) =>
      'options' in f.question &&
      typeof f.question.options === 'object' &&
      f.question.options !== null &&
      'list' in f.question.options &&
      f.question.options.list === 'majors',
  )?.question;
}

function questionOf(key: string): Question | undefined {
  return allFields().find((f) => f.question.key === key)?.question;
}

/** The merge fields' values for one applicant: names and labels from the submitted answers, the reply date from REPLY_DATE. */
export function mergeFieldsFor(
  config: Pick<AppServices['config'], 'reading'>,
  app: Pick<SubmittedApplication, 'answers' | 'reference'>,
  now: Date,
): Record<MergeField, string> {
  const keys = staffKeys();
  const termQuestion = questionOf(keys.entryTerm);
  const major = majorQuestion();
  const term = parseTerm(String(app.answers[keys.entryTerm] ?? ''));
  const year = term?.year ?? admissionFallYear(now);
  const { month, day } = config.reading.replyDate;
  const replyDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
  return {
    first_name: String(app.answers[keys.firstName] ?? '').trim(),
    reference: app.reference ?? '',
    entry_term: termQuestion ? displayValue(termQuestion, app.answers) : '',
    major: major ? displayValue(major, app.answers) : '',
    reply_date: replyDate,
  };
}

function checkDecision(decision: string): asserts decision is Decision {
  if (!(DECISIONS as readonly string[]).includes(decision)) throw new ReadingError(400, 'Choose a decision: admit, deny or waitlist.');
}

function checkBody(body: string): string {
  const text = body.replace(/\r\n/g, '\n').trim();
  if (!text) throw new ReadingError(400, 'The letter template is empty.');
  if (text.length > LETTER_MAX_LENGTH)
    throw new ReadingError(400, `The letter template is too long: at most ${LETTER_MAX_LENGTH} characters.`);
  const unknown = unknownMergeFields(text);
  if (unknown.length) {
    throw new ReadingError(
      400,
      `The template uses ${unknown.map((u) => `{${u}}`).join(', ')}, which ${unknown.length === 1 ? 'is not a merge field' : 'are not merge fields'}. The merge fields are ${MERGE_FIELDS.map((f) => `{${f}}`).join(', ')}.`,
    );
  }
  return text;
}

export async function currentLetterTemplate(services: Services, decision: string): Promise<LetterTemplateRow> {
  checkDecision(decision);
  const row = await currentTemplate(services.db.knex, decision);
  if (!row) throw new ReadingError(404, `There is no ${decision} letter template.`);
  return row;
}

/**
 * A lead saves a new version of a decision's template. `basedOn` is the version they edited: when someone saved
 * a newer one meanwhile, nothing is saved (409) rather than silently overwriting their change.
 */
export async function saveLetterTemplate(
  services: Services,
  lead: StaffActor,
  decision: string,
  body: string,
  basedOn: number,
): Promise<LetterTemplateRow> {
  await mustHold(services, lead, 'lead', 'edit-letter-template');
  checkDecision(decision);
  const text = checkBody(body);
  return services.db.knex.transaction(async (trx) => {
    const now = services.now();
    const current = await currentTemplate(trx, decision);
    const saved =
      current && current.version === basedOn
        ? await insertTemplateVersion(trx, { decision, body: text, edited_by: lead.email, edited_at: now }, basedOn)
        : null;
    if (!saved)
      throw new ReadingError(
        409,
        `Someone saved a newer version of the ${decision} letter meanwhile (version ${current?.version ?? '?'}). Reload it and make your change again.`,
      );
    await readingAudit(trx, now, lead, 'letter-template-saved', null, { decision, version: saved.version });
    return saved;
  });
}

async function applicationOf(services: Services, applicationId: string): Promise<SubmittedApplication> {
  const app = /^[0-9a-f-]{36}$/i.test(applicationId) ? await submittedApplication(services.db.knex, { userId: applicationId }) : null;
  if (!app) throw new ReadingError(404, 'No submitted application with this id.');
  return app;
}

/** A template (saved or not) as one applicant would read it, before saving it. Audited: it shows their answers. */
export async function previewLetter(
  services: Services,
  lead: StaffActor,
  decision: string,
  body: string,
  applicationId: string,
): Promise<string> {
  await mustHold(services, lead, 'lead', 'preview-letter', applicationId);
  checkDecision(decision);
  const text = checkBody(body);
  const app = await applicationOf(services, applicationId);
  await readingAudit(services.db.knex, services.now(), lead, 'letter-preview', app.userId, { decision });
  return mergeLetter(text, mergeFieldsFor(services.config, app, services.now()));
}

/** The letter a decision gets unless edited for this applicant: the current template, rendered. */
export async function letterFor(services: Services, decision: string, applicationId: string): Promise<{ text: string; version: number }> {
  const template = await currentLetterTemplate(services, decision);
  const app = await applicationOf(services, applicationId);
  return { text: mergeLetter(template.body, mergeFieldsFor(services.config, app, services.now())), version: template.version };
}

/**
 * A lead records the decision with its letter: the rendered template, or `editedLetter` when they changed it for
 * this applicant. The decision row keeps the template version and whether the letter was edited. Releasing
 * stays a separate, confirmed step (releases.server.ts), unless `release` asks for it for this one application.
 */
export async function decideWithLetter(
  services: AppServices,
  lead: StaffActor,
  applicationId: string,
  decision: string,
  editedLetter?: string | null,
  release = false,
) {
  await mustHold(services, lead, 'lead', 'decide', applicationId);
  checkDecision(decision);
  const rendered = await letterFor(services, decision, applicationId);
  const edited = typeof editedLetter === 'string' && editedLetter.replace(/\r\n/g, '\n').trim() !== rendered.text.trim();
  const letter = edited ? editedLetter! : rendered.text;
  if (letter.length > LETTER_MAX_LENGTH) throw new ReadingError(400, `The letter is too long: at most ${LETTER_MAX_LENGTH} characters.`);
  const app = await applicationOf(services, applicationId);
  return recordDecision(
    services,
    app,
    { decision, letter, release, template: { version: rendered.version, edited } },
    { name: lead.email, ip: lead.ip ?? null },
  );
}
