import { createHmac } from 'node:crypto';
import { readPrefillToken } from '../prefill/prefill-token.server.js';
import type { AppServices } from '../services.server.js';
import type { SessionUser } from '../auth/session.server.js';
import type { ServiceUser } from '../service/service-token.server.js';
import { SESSION_COOKIE } from '../auth/cookies.js';
import { getApplication } from '../../db/repos/applications.server.js';
import { documentAnswersFor, type DocumentAnswer } from '../../db/repos/documents.server.js';
import type { Answers, ValidationEntry } from '../../form/types.js';
import { PAGE_CHANGED_COOKIE, readCookie } from './page-change.js';
import { loadApplication, profileOf } from './profile.server.js';
import { requestApplication } from './request-application.server.js';
import { etagOf } from './answers.server.js';
import { repeaterMaximums, tabGroups } from './ui-state.server.js';

/** §3 web_status values. */
export type WebStatus = 'started' | 'validating' | 'submitted';

/** §1 greeting banner variants; null when §4 hides the banner. */
export type BannerVariant = 'visitor' | 'first-login' | 'returning' | 'submitted';

export interface BannerState {
  variant: BannerVariant;
  /** Preferred or first name for the greeting, '' when neither is answered. */
  name: string;
}

/** What a form page (the form island and the shell around it) is rendered from. JSON only. */
export interface FormPageData {
  is_logged_in: boolean;
  /** The logged-in student's e-mail; null for visitors and staff. */
  username: string | null;
  is_service_user: boolean;
  /** Staff view: whose application this is (read-only). */
  applicant: string | null;
  /** §3: the number of successful logins, at least 1 once logged in (0 for visitors and staff). */
  num_logins: number;
  /** §4: derived from the count of distinct recognised statuses. */
  web_status: WebStatus | null;
  last_page: string | null;
  /** §3 has_changed_page for this session (see page-change.ts). */
  has_changed_page: boolean;
  answers: Answers;
  /** Answers version; `etag` is the same as the HTTP validator the island sends back in If-Match. */
  version: number | null;
  etag: string | null;
  add_another: Record<string, number>;
  tabs: Record<string, string>;
  document_answer: Record<string, DocumentAnswer>;
  /** The stored validation result, only while validating (the summary of §2). */
  validations: ValidationEntry[];
  banner: BannerState | null;
  /** The value markChangedPage() writes into the page-change cookie; null unless logged in. */
  page_change_marker: string | null;
  /** Staff view: the submission's reference (e.g. FA-7K3M9Q), null before submission. */
  reference?: string | null;
}

/** The parts of vike's pageContext these functions read (set by server/render.server.ts). */
export interface LifecyclePageContext {
  services: AppServices;
  locals?: { user?: SessionUser | null; serviceUser?: ServiceUser | null };
  headersOriginal?: unknown;
  urlParsed?: { search: Record<string, string> };
}

const RECOGNISED: readonly WebStatus[] = ['started', 'validating', 'submitted'];

/** §4: 0 none, 1 started, 2 validating, 3 submitted — by the number of distinct recognised statuses. */
export function derivedWebStatus(statuses: readonly string[]): WebStatus | null {
  const count = new Set(statuses.filter((s): s is WebStatus => (RECOGNISED as readonly string[]).includes(s))).size;
  return count === 0 ? null : RECOGNISED[count - 1]!;
}

/** §1 greeting: the preferred name, else the first name. */
export function greetingName(answers: Answers): string {
  for (const key of ['preferred_name', 'first_name']) {
    const value = answers[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return '';
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

function cookieHeader(headers: unknown): string | null {
  if (!headers || typeof headers !== 'object') return null;
  const value = (headers as Record<string, unknown>).cookie;
  if (Array.isArray(value)) return value.join('; ');
  return typeof value === 'string' ? value : null;
}

/**
 * The marker of the session a request presents: an HMAC of its session id, so it names this login on this
 * device without revealing the id. Null without a session cookie.
 */
export function pageChangeMarker(services: AppServices, headers: unknown): string | null {
  const sessionId = readCookie(cookieHeader(headers), SESSION_COOKIE);
  if (!sessionId) return null;
  return createHmac('sha256', services.config.sessionSecret).update(`page-change\0${sessionId}`).digest('base64url').slice(0, 22);
}

/** §3 has_changed_page: the client marked a page change during the session this request presents. */
export function hasChangedPage(services: AppServices, headers: unknown): boolean {
  const marker = pageChangeMarker(services, headers);
  return marker !== null && readCookie(cookieHeader(headers), PAGE_CHANGED_COOKIE) === marker;
}

function withDefaults(row: { add_another: Record<string, number>; tabs: Record<string, string> }) {
  const addAnother: Record<string, number> = {};
  for (const [id] of repeaterMaximums()) addAnother[id] = row.add_another[id] ?? 1;
  const tabs: Record<string, string> = {};
  for (const [id, group] of tabGroups()) tabs[id] = row.tabs[id] ?? group.tabs.defaultTab;
  return { add_another: addAnother, tabs };
}

function storedValidations(value: unknown): ValidationEntry[] {
  return Array.isArray(value) ? (value as ValidationEntry[]) : [];
}

const EMPTY: Omit<FormPageData, 'banner' | 'is_logged_in' | 'is_service_user'> = {
  username: null,
  applicant: null,
  num_logins: 0,
  web_status: null,
  last_page: null,
  has_changed_page: false,
  answers: {},
  version: null,
  etag: null,
  add_another: {},
  tabs: {},
  document_answer: {},
  validations: [],
  page_change_marker: null,
};

/**
 * The data of the three form pages (pages/(form)/+data.ts): a visitor gets empty answers; a student their
 * profile (the first read also takes in answers carried through login); staff (service_token) the
 * applicant's application, read-only. Every query is scoped to the session's (or the token's) user id.
 */
export async function formPageData(pageContext: LifecyclePageContext): Promise<FormPageData> {
  const { services } = pageContext;
  const serviceUser = pageContext.locals?.serviceUser ?? null;
  const user = pageContext.locals?.user ?? null;

  if (serviceUser) {
    const knex = services.db.knex;
    const row = await getApplication(knex, serviceUser.userId, services.now());
    return {
      ...EMPTY,
      is_logged_in: false,
      is_service_user: true,
      applicant: serviceUser.username,
      reference: row.reference,
      answers: row.answers,
      version: row.version,
      ...withDefaults(row),
      document_answer: await documentAnswersFor(knex, serviceUser.userId),
      banner: null,
    };
  }

  if (!user) {
    // §2 entry loading: a visitor arriving with ?token= (a prefill link) starts from its answers.
    const token = pageContext.urlParsed?.search.token;
    const prefill = token ? readPrefillToken(services.config.sessionSecret, token, services.now()) : null;
    return { ...EMPTY, ...withDefaults({ add_another: {}, tabs: {} }), ...(prefill?.ok ? { answers: prefill.answers } : {}), is_logged_in: false, is_service_user: false, banner: bannerFor({ isLoggedIn: false, isServiceUser: false, webStatus: null, hasChangedPage: false, numLogins: 0, answers: {} }) };
  }

  // The guard read the row for routing; carried answers are taken in only when the read says some wait.
  const row = await loadApplication(services, user.id, await requestApplication(pageContext, user.id));
  const profile = await profileOf(services, user, row);
  const webStatus = derivedWebStatus(profile.web_status.map((s) => s.web_status));
  const changed = hasChangedPage(services, pageContext.headersOriginal);
  const numLogins = Math.max(1, profile.successful_login.length);
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
    etag: etagOf(profile.version),
    ...withDefaults(profile),
    document_answer: profile.document_answer,
    validations,
    banner: bannerFor({ isLoggedIn: true, isServiceUser: false, webStatus, hasChangedPage: changed, numLogins, answers: profile.answer }),
    page_change_marker: pageChangeMarker(services, pageContext.headersOriginal),
  };
}

/** What /completion shows: who is logged in and the submitted greeting (the guard admits only submitted students). */
export interface CompletionPageData {
  username: string | null;
  banner: BannerState | null;
}

export async function completionPageData(pageContext: LifecyclePageContext): Promise<CompletionPageData> {
  const user = pageContext.locals?.user ?? null;
  if (!user) return { username: null, banner: null };
  const { services } = pageContext;
  const row = (await requestApplication(pageContext, user.id)) ?? (await getApplication(services.db.knex, user.id, services.now()));
  return { username: user.username, banner: { variant: 'submitted', name: greetingName(row.answers) } };
}
