import type { Lang } from '../../form/lang.js';
import { ownerField } from '../form-post/kept-answers.server.js';
import { readPrefillToken } from '../prefill/prefill-token.server.js';
import type { AppServices } from '../../platform/app-services.server.js';
import type { SessionUser } from '../auth/session.server.js';
import type { ServiceUser } from '../service/service-token.server.js';
import { mac } from '../../platform/tokens/signed-token.server.js';
import { getApplication } from '../../db/repos/applications.server.js';
import { documentAnswersFor } from '../../db/repos/documents.server.js';
import { EMPTY_FORM_PAGE_DATA, type BannerState, type CompletionPageData, type FormPageData } from '../../contracts/page-data.js';
import { isWebStatus, WEB_STATUSES, type WebStatus } from '../../contracts/statuses.js';
import type { Answers, ValidationEntry } from '../../form/types.js';
import { greetingName } from '../../form/applicant-name.js';
import { PAGE_CHANGED_COOKIE } from '../../contracts/page-change.js';
import { readCookie, sessionCookieName } from '../../contracts/cookies.js';
import { cookieHeaderOf } from '../cookies.server.js';
import { loadApplication, pageDocumentsOf, profileFrom, profileOf } from './profile.server.js';
import { requestApplication } from './request-application.server.js';
import { answersEtag } from '../../contracts/answers-etag.js';
import { uiStateWithDefaults } from './ui-state.server.js';
import { formatLocalTime } from '../../form/local-time.js';

/** The parts of vike's pageContext these functions read (set by server/render.server.ts). */
export interface LifecyclePageContext {
  services: AppServices;
  locals?: { user?: SessionUser | null; serviceUser?: ServiceUser | null; lang?: Lang };
  headersOriginal?: unknown;
  urlParsed?: { search: Record<string, string> };
}

/** §4: 0 none, 1 started, 2 validating, 3 submitted — by the number of distinct recognised statuses. */
export function derivedWebStatus(statuses: readonly string[]): WebStatus | null {
  const count = new Set(statuses.filter(isWebStatus)).size;
  return count === 0 ? null : WEB_STATUSES[count - 1]!;
}

/**
 * §1 banner variants with the §4 hiding rules: hidden while logged in after changing page (unless
 * submitted) and while validating. Staff never see the applicant's greeting.
 */
export function bannerFor(state: {
  isLoggedIn: boolean;
  isServiceUser: boolean;
  webStatus: WebStatus | null;
  hasChangedPage: boolean;
  numLogins: number;
  answers: Answers;
}): BannerState | null {
  if (state.isServiceUser) return null;
  if (!state.isLoggedIn) return { variant: 'visitor', name: '' };
  const name = greetingName(state.answers);
  if (state.webStatus === 'submitted') return { variant: 'submitted', name };
  if (state.webStatus === 'validating' || state.hasChangedPage) return null;
  return { variant: state.numLogins <= 1 ? 'first-login' : 'returning', name };
}

const markers = new WeakMap<object, { secret: string; marker: string | null }>();

/**
 * The marker of the session a request presents: an HMAC of its session id, so it names this login on this
 * device without revealing the id. Null without a session cookie.
 */
export function pageChangeMarker(services: AppServices, headers: unknown): string | null {
  // The guard and the page's data both ask for it: one HMAC per request, kept with the request's headers.
  const kept = typeof headers === 'object' && headers !== null ? markers.get(headers) : undefined;
  if (kept && kept.secret === services.config.sessionSecret) return kept.marker;
  const sessionId = readCookie(cookieHeaderOf(headers), sessionCookieName(services.config.publicUrl));
  const marker = sessionId ? mac(services.config.sessionSecret, 'page-change', sessionId).toString('base64url').slice(0, 22) : null;
  if (typeof headers === 'object' && headers !== null) markers.set(headers, { secret: services.config.sessionSecret, marker });
  return marker;
}

/** §3 has_changed_page: the client marked a page change during the session this request presents. */
export function hasChangedPage(services: AppServices, headers: unknown, marker = pageChangeMarker(services, headers)): boolean {
  return marker !== null && readCookie(cookieHeaderOf(headers), PAGE_CHANGED_COOKIE) === marker;
}

function storedValidations(value: unknown): ValidationEntry[] {
  return Array.isArray(value) ? (value as ValidationEntry[]) : [];
}

/**
 * The application as the form pages, /review and /print show it (their data modules in server/pages/): a visitor gets empty answers; a student their
 * profile (the first read also takes in answers carried through login); staff (service_token) the
 * applicant's application, read-only. Every query is scoped to the session's (or the token's) user id.
 */
export async function applicationFormData(pageContext: LifecyclePageContext): Promise<FormPageData> {
  const { services } = pageContext;
  const serviceUser = pageContext.locals?.serviceUser ?? null;
  const user = pageContext.locals?.user ?? null;

  if (serviceUser) {
    const knex = services.db.knex;
    const row = await getApplication(knex, serviceUser.userId, services.now());
    return {
      ...EMPTY_FORM_PAGE_DATA,
      is_logged_in: false,
      is_service_user: true,
      applicant: serviceUser.username,
      reference: row.reference,
      submitted_on: row.submitted_at ? formatLocalTime(row.submitted_at, services.config.timeZone) : null,
      answers: row.answers,
      version: row.version,
      ...uiStateWithDefaults(row),
      document_answer: await documentAnswersFor(knex, serviceUser.userId),
      banner: null,
    };
  }

  if (!user) {
    // §2 entry loading: a visitor arriving with ?token= (a prefill link) starts from its answers.
    const token = pageContext.urlParsed?.search.token;
    const prefill = token ? readPrefillToken(services.config.sessionSecret, token, services.now()) : null;
    return {
      ...EMPTY_FORM_PAGE_DATA,
      ...uiStateWithDefaults({ add_another: {}, tabs: {} }),
      ...(prefill?.ok ? { answers: prefill.answers } : {}),
      is_logged_in: false,
      is_service_user: false,
      banner: bannerFor({ isLoggedIn: false, isServiceUser: false, webStatus: null, hasChangedPage: false, numLogins: 0, answers: {} }),
    };
  }

  // The guard read the row for routing; carried answers are taken in only when the read says some wait.
  const read = await requestApplication(pageContext, user.id);
  const row = await loadApplication(services, user.id, read);
  // The guard's read brought logins, statuses and documents along (one statement); taking in carried answers
  // may record a status, so then they are read again.
  const profile =
    read && !read.has_carried_answers
      ? profileFrom(user, row, { logins: [], statuses: read.page_extras.web_statuses, documents: pageDocumentsOf(read) })
      : await profileOf(services, user, row);
  const loginCount = read && !read.has_carried_answers ? read.page_extras.login_count : profile.successful_login.length;
  const webStatus = derivedWebStatus(profile.web_status.map((s) => s.web_status));
  // The marker says whether the page changed, and the island gets it.
  const marker = pageChangeMarker(services, pageContext.headersOriginal);
  const changed = hasChangedPage(services, pageContext.headersOriginal, marker);
  const numLogins = Math.max(1, loginCount);
  const validations = webStatus === 'validating' ? storedValidations(row.validations) : [];
  return {
    is_logged_in: true,
    username: profile.username,
    is_service_user: false,
    applicant: null,
    num_logins: numLogins,
    web_status: webStatus,
    last_page: profile.last_page,
    has_changed_page: changed,
    answers: profile.answer,
    version: profile.version,
    etag: answersEtag(profile.version),
    ...uiStateWithDefaults(profile),
    document_answer: profile.document_answer,
    validations,
    banner: bannerFor({ isLoggedIn: true, isServiceUser: false, webStatus, hasChangedPage: changed, numLogins, answers: profile.answer }),
    page_change_marker: marker,
    owner: ownerField(services, user.id),
  };
}

/** /completion's greeting and submission time (server/pages/completion-page.server.ts adds the other sections). */
export async function submittedGreeting(pageContext: LifecyclePageContext): Promise<CompletionPageData> {
  const user = pageContext.locals?.user ?? null;
  if (!user) return { username: null, banner: null, receipt: null };
  const { services } = pageContext;
  const row = (await requestApplication(pageContext, user.id)) ?? (await getApplication(services.db.knex, user.id, services.now()));
  return {
    username: user.username,
    banner: { variant: 'submitted', name: greetingName(row.answers) },
    receipt: null,
    submitted_at: row.submitted_at ? new Date(row.submitted_at).toISOString() : null,
  };
}
