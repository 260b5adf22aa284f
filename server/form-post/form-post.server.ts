import type { Lang } from '../../form/lang.js';
import type { AppServices } from '../../platform/app-services.server.js';
import type { Answers, Page, ValidationEntry } from '../../form/types.js';
import { validate } from '../../form/validate.js';
import { isAnswered } from '../../form/conditions.js';
import { allFields, fieldByKey } from '../../form/fields.js';
import { typedAndCleared, typedAnswers } from '../../form/typed-answers.js';
import { formPaths, COMPLETION_ROUTE } from '../application/page-routing.server.js';
import { DEFAULT_ROUTE, REVIEW_ROUTE } from '../../contracts/routes.js';
import {
  recordWebStatus,
  setAddAnother,
  setLastPage,
  setValidations,
  webStatusesOf,
  type ApplicationRead,
} from '../../db/repos/applications.server.js';
import { parseAnswers, uiStateOf, versionFromIfMatch } from '../application/answers.server.js';
import { answersEtag } from '../../contracts/answers-etag.js';
import { loadApplication } from '../application/profile.server.js';
import { saveStudentAnswers, submitStudentApplication } from '../application/student-writes.server.js';
import { derivedWebStatus } from '../application/page-data.server.js';
import { repeaterMaximums, tabGroups } from '../application/ui-state.server.js';
import { CONFLICT_MESSAGE } from '../application/routes.server.js';
import { whileOpen } from '../application/open-application.server.js';
import { filesRemovedBySwitch, switchTab } from '../application/tab-switch.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { isDocumentKey } from '../documents/document-keys.server.js';
import {
  ERROR_SUMMARY_ID,
  POST_FIELDS,
  REVIEW_CHANGED_QUERY,
  REVIEW_SOURCE,
  SUBMIT_TARGET,
  TAB_SWITCH_QUERY,
  UPLOAD_QUERY,
  isLeaveTarget,
  tabSwitchId,
  parsePostAction,
  type PostAction,
} from '../../contracts/form-post.js';
import { chosenSchool, schoolQuestion, searchLocation } from './school-search.server.js';
import { removeEntry } from './repeater-remove.server.js';
import { clearedLocation, notListedChanges, withClearedQuery } from './lookup-cleared.server.js';

/** What a form page shows again after a post that could not go where its button said (pages/(form)/+data.ts). */
export interface FormPostContext {
  /** The answers as typed (over the saved ones), so nothing typed disappears; absent: the saved ones. */
  answers?: Answers;
  /** The answers' ETag the shown page saves against next; absent: the saved answers' one. */
  etag?: string;
  errors: ValidationEntry[];
  notice: string | null;
}

export type PostOutcome =
  { kind: 'redirect'; location: string; changedPage?: boolean } | { kind: 'render'; status: number; context: FormPostContext };

/** The button that was pressed: a step or Continue (`go` a form path), Submit, a leave target, or another action. */
export interface PostIntent {
  go: string | null;
  action: PostAction | null;
}

export function intentOf(body: Readonly<Record<string, unknown>>): PostIntent {
  const go = body[POST_FIELDS.go];
  const target = typeof go === 'string' && (go === SUBMIT_TARGET || formPaths().includes(go) || isLeaveTarget(go)) ? go : null;
  return { go: target, action: target ? null : parsePostAction(body[POST_FIELDS.action]) };
}

/** What the page posted, for the §7 save: the answers of this page only, as the island would have sent them. */
export function postedChanges(page: Page, body: Readonly<Record<string, unknown>>, stored: Readonly<Answers>): Answers {
  return typedAnswers(page.id, body, stored);
}

/**
 * Answers typed that do not have the shape their question asks for (a phone without its digits, an impossible
 * date, an e-mail without @). Empty required answers are not among them: as with the island, they only block
 * Submit, never moving between pages.
 */
function malformed(page: Page, typed: Answers, merged: Answers, row: ApplicationRead, now: Date): ValidationEntry[] {
  return validate(merged, page.id, { ui: uiStateOf(row), now }).filter((entry) => isAnswered(typed[entry.key]));
}

function versionOf(body: Readonly<Record<string, unknown>>): number | null {
  const raw = body[POST_FIELDS.version];
  return typeof raw === 'string' && raw !== '' ? versionFromIfMatch(raw) : null;
}

/** The number of instances shown of an add-another: the stored count, or more when later instances hold answers. */
function shownInstances(repeater: string, row: ApplicationRead): number {
  let shown = row.add_another[repeater] ?? 1;
  for (const { question, gates } of allFields()) {
    for (const gate of gates) {
      if (gate.gate === 'instance' && gate.repeater === repeater && isAnswered(row.answers[question.key]))
        shown = Math.max(shown, gate.index + 1);
    }
  }
  return shown;
}

/**
 * A logged-in student's form page posted without scripts (DESIGN §6): the answers are saved exactly as PUT
 * /api/answer saves them (the version from the hidden field standing for If-Match), then the button is obeyed
 * as the island would: a step or Continue moves on, Submit validates and submits, the others change the page.
 * Malformed answers and a stale version show the page again with what was typed.
 */
export async function handleStudentPost(
  services: AppServices,
  account: { id: string; username: string },
  page: Page,
  body: Readonly<Record<string, unknown>>,
  arrivedAt: Date,
  lang: Lang,
): Promise<PostOutcome> {
  const userId = account.id;
  const now = services.now();
  const row = await loadApplication(services, userId);
  if (row.submitted_at) return { kind: 'redirect', location: COMPLETION_ROUTE };
  const intent = intentOf(body);
  // The review page's Submit carries no answers: the saved ones are submitted as they are, as Final steps' Submit would.
  if (body[POST_FIELDS.from] === REVIEW_SOURCE) {
    if (intent.go !== SUBMIT_TARGET) return { kind: 'redirect', location: REVIEW_ROUTE };
    // Only what the applicant reviewed is submitted: answers saved since (another tab) send them back to look again.
    const reviewed = versionOf(body);
    if (reviewed !== null && reviewed !== row.version) return { kind: 'redirect', location: `${REVIEW_ROUTE}?${REVIEW_CHANGED_QUERY}=1` };
    return submit(services, account, arrivedAt, lang);
  }
  // A school chosen from the search without scripts fills its block as the autocomplete's pick does.
  const chosen = intent.action?.kind === 'choose' ? await chosenSchool(services, page.id, intent.action.key, intent.action.id) : null;
  // Issue 38: a changed school or address name clears its looked-up fields (§4), and the page says which.
  const posted = typedAndCleared(page.id, body, row.answers);
  const manual = notListedChanges(page.id, intent.action, { ...row.answers, ...posted.answers });
  const cleared = { ...posted.cleared, ...(manual ? { [manual.key]: [...(posted.cleared[manual.key] ?? []), ...manual.cleared] } : {}) };
  const unpicked = Object.fromEntries((manual?.cleared ?? []).map((key) => [key, '']));
  // The same checks as PUT /api/answer's body (known keys, text of at most 7000 characters): a 400 otherwise.
  const typed = parseAnswers({ ...posted.answers, ...unpicked, ...chosen });

  const saved = await saveStudentAnswers(services, userId, typed, versionOf(body));
  if (saved.outcome === 'submitted') return { kind: 'redirect', location: COMPLETION_ROUTE };
  const shown = { ...saved.answers, ...typed };
  if (saved.outcome === 'conflict') {
    // As the island adopts the other save: what was typed stays, fields left empty show what was saved meanwhile.
    const answered = Object.fromEntries(Object.entries(typed).filter(([, value]) => isAnswered(value)));
    return {
      kind: 'render',
      status: 409,
      context: { answers: { ...saved.answers, ...answered }, etag: answersEtag(saved.version), errors: [], notice: CONFLICT_MESSAGE },
    };
  }
  const current: ApplicationRead = { ...row, answers: saved.answers, version: saved.version };
  const errors = malformed(page, typed, shown, current, now);
  if (errors.length > 0)
    return { kind: 'render', status: 422, context: { answers: shown, etag: answersEtag(saved.version), errors, notice: null } };

  if (intent.go === SUBMIT_TARGET) return submit(services, account, arrivedAt, lang, page);
  await arrivedStatus(services, userId, current, now);
  // A chosen school fills its block anew: nothing of the name typed before it is worth a notice.
  const told = chosen ? null : clearedLocation(page, cleared, manual?.key ?? null);
  // Search lists the matches for the new name, saying there what the change cleared.
  if (told && intent.action?.kind === 'lookup')
    return withClearedQuery(await act(services, userId, page, intent.action, current, shown), cleared);
  if (told) return { kind: 'redirect', location: told };
  if (intent.go) {
    const go = intent.go;
    // The last page visited is a form page (§4); the review and the account pages are left without becoming it.
    if (formPaths().includes(go)) await whileOpen(services, userId, (trx) => setLastPage(trx, userId, go, now));
    return { kind: 'redirect', location: intent.go, changedPage: true };
  }
  return act(services, userId, page, intent.action, current, shown);
}

/** What the island does on arrival (§4): a first status 'started'; while validating, a fresh validation result. */
async function arrivedStatus(services: AppServices, userId: string, current: ApplicationRead, now: Date): Promise<void> {
  const knex = services.db.knex;
  const status = derivedWebStatus(await webStatusesOf(knex, userId));
  if (status === null) await recordWebStatus(knex, userId, 'started', now);
  if (status === 'validating')
    await whileOpen(services, userId, (trx) =>
      setValidations(trx, userId, validate(current.answers, 'all', { ui: uiStateOf(current), now }), now),
    );
}

/**
 * Submit is the island's one call (server/application/student-writes.server.ts): it records the statuses too.
 * Refused, the applicant sees the summary (every page's messages now show): on the page Submit was pressed on
 * when that page has a problem of its own (issue 38: an unticked certification is at the box beside Submit,
 * not on step 1), else on the default route (§4).
 */
async function submit(
  services: AppServices,
  account: { id: string; username: string },
  arrivedAt: Date,
  lang: Lang,
  from?: Page,
): Promise<PostOutcome> {
  const outcome = await submitStudentApplication(services, account, arrivedAt, lang);
  // After the last deadline: the page again, whose deadline banner says so (the same words, once); what was saved stays.
  if (outcome.outcome === 'closed') return { kind: 'render', status: 409, context: { errors: [], notice: null } };
  if (outcome.outcome === 'invalid') {
    const problems = outcome.problems as ValidationEntry[];
    if (from && problems.some((entry) => entry.page === from.id)) return { kind: 'redirect', location: `${from.path}#${ERROR_SUMMARY_ID}` };
    return { kind: 'redirect', location: DEFAULT_ROUTE, changedPage: true };
  }
  return { kind: 'redirect', location: COMPLETION_ROUTE };
}

async function act(
  services: AppServices,
  userId: string,
  page: Page,
  action: PostAction | null,
  row: ApplicationRead,
  shown: Answers,
): Promise<PostOutcome> {
  const now = services.now();
  const back = (hash = '', query = '') => ({ kind: 'redirect' as const, location: `${page.path}${query}${hash ? `#${hash}` : ''}` });
  if (!action) return back();
  switch (action.kind) {
    case 'update':
      return back(action.key && fieldByKey(action.key) ? action.key : '');
    case 'upload':
      return isDocumentKey(action.key) && fieldByKey(action.key)?.page === page.id
        ? back(action.key, `?${UPLOAD_QUERY}=${encodeURIComponent(action.key)}`)
        : back();
    case 'lookup':
      // The list of matches is a GET of the page (nothing changes by looking); what was typed is saved by now.
      return schoolQuestion(page.id, action.key)
        ? { kind: 'redirect', location: searchLocation(page.path, action.key, shown[action.key]) }
        : back();
    case 'choose':
      return back(schoolQuestion(page.id, action.key) ? action.key : '');
    case 'manual':
      return back();
    case 'add': {
      const max = repeaterMaximums().get(action.repeater);
      if (max === undefined) return back();
      const count = Math.min(max, shownInstances(action.repeater, row) + 1);
      await whileOpen(services, userId, (trx, locked) => setAddAnother(trx, locked, action.repeater, count, now));
      return back(`${action.repeater}-${count - 1}-title`);
    }
    case 'remove':
      return removeEntry(services, userId, page, action, row);
    case 'tab':
    case 'switch': {
      const group = tabGroups().get(action.tabs);
      if (!group || !group.keysByItem.has(action.item)) return back();
      // Issue 38: a switch that would delete uploaded files asks first (the page with the question); only the
      // confirmed one ('switch') switches. One still converting is refused by the switch itself, as before.
      if (action.kind === 'tab') {
        const { files, pending } = await filesRemovedBySwitch(services, userId, row, action.tabs, action.item);
        if (files.length > 0 && !pending) {
          const query = `?${TAB_SWITCH_QUERY}=${encodeURIComponent(`${action.tabs}:${action.item}`)}`;
          return back(tabSwitchId(action.tabs), query);
        }
      }
      // The same switch as PUT /api/tabs (server/application/tab-switch.server.ts): 409 while a document it would delete converts.
      try {
        await switchTab(services, userId, action.tabs, action.item);
      } catch (err) {
        if (!(err instanceof HttpError) || err.status !== 409) throw err;
        if (err.body.submitted) return { kind: 'redirect', location: COMPLETION_ROUTE };
        return {
          kind: 'render',
          status: 409,
          context: { answers: shown, etag: answersEtag(row.version), errors: [], notice: err.message },
        };
      }
      return back(action.tabs);
    }
  }
}

/**
 * A form page posted with no valid session: a visitor, or a student whose session ended while the page was
 * open. What was typed is returned to be kept for the next login (server/form-post/kept-answers.server.ts);
 * the visitor goes where the island would send them (§2: to sign up once anything is answered), the student
 * whose session ended to log in again.
 */
export function visitorPost(
  page: Page,
  body: Readonly<Record<string, unknown>>,
  hadSession: boolean,
  chosen: Answers | null = null,
): { keep: Answers; location: string } {
  const typed = { ...postedChanges(page, body, {}), ...chosen };
  const keep = Object.fromEntries(Object.entries(typed).filter(([, value]) => isAnswered(value)));
  const answered = Object.keys(keep).length > 0;
  const intent = intentOf(body);
  const action = intent.action;
  if (hadSession) return { keep, location: '/login' };
  // The banner's and the header's "create an account" and "log in": there, whatever was typed (it is kept).
  if (intent.go === '/signup' || intent.go === '/login') return { keep, location: intent.go };
  if (intent.go === SUBMIT_TARGET || (answered && intent.go)) return { keep, location: '/signup' };
  if (intent.go) return { keep, location: intent.go };
  if (action?.kind === 'lookup' && schoolQuestion(page.id, action.key))
    return { keep, location: searchLocation(page.path, action.key, typed[action.key]) };
  // Update and the like: the page again, showing the kept answers (a visitor's add-another and tabs need an account).
  const key = action?.kind === 'update' || action?.kind === 'choose' ? action.key : null;
  return { keep, location: `${page.path}${key ? `#${key}` : ''}` };
}
