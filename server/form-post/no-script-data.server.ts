import type { ValidationEntry } from '../../form/types.js';
import { fieldByKey } from '../../form/fields.js';
import type { LifecyclePageContext } from '../application/page-data.server.js';
import type { FormPageData } from '../../contracts/page-data.js';
import type { PresignedPost } from '../../platform/storage/object-store.server.js';
import type { FormPostContext } from './form-post.server.js';
import { keptAnswersOf } from './kept-answers.server.js';
import {
  LOOKUP_QUERY,
  nextStatusCheck,
  parseRemoveQuery,
  REMOVE_QUERY,
  STATUS_CHECK_QUERY,
  TAB_SWITCH_QUERY,
  UPLOAD_QUERY,
  type LookupNotice,
  type TabSwitchQuestion,
} from '../../contracts/form-post.js';
import { lookupNotices } from './lookup-cleared.server.js';
import type { AppServices } from '../../platform/app-services.server.js';
import { tabGroups } from '../application/ui-state.server.js';
import { filesRemovedBySwitch } from '../application/tab-switch.server.js';
import type { SchoolSearch } from '../../contracts/lookup.js';
import { formDefinition } from '../../form/definition.js';
import { searchSchools } from './school-search.server.js';
import { isPending } from '../../contracts/statuses.js';
import { uploadTargetFor } from './uploaded.server.js';
import { FITTED_QUERY, parseFittedQuery, type FittedQuery } from '../../contracts/no-script-upload.js';
import { cookieHeaderOf } from '../cookies.server.js';

/** The page context noScriptFormData reads: vike's, or the one server/student-pages.server.ts makes. */
export type NoScriptPageContext = LifecyclePageContext & { formPost?: FormPostContext; urlPathname?: string };

/** What a form page adds for use without scripts (DESIGN §6). */
export interface NoScriptFormData {
  /** A posted page shown again: what was malformed (inline and in the summary). */
  form_errors: ValidationEntry[];
  /** A posted page shown again with a message (a stale version, an upload refused). */
  form_notice: string | null;
  /** The upload form opened by "Upload a file" (?upload=<key>). */
  upload_targets: Record<string, PresignedPost>;
  /** A photo the server made fit (?fitted=…): what the upload box says about it. */
  upload_fitted: FittedQuery | null;
  /** The next value of the conversion status link's query, when a document is being converted. */
  status_check: string | null;
  /** The school search opened by a school question's Search button (?lookup=<key>&q=<text>): the matches to choose from. */
  school_search: SchoolSearch | null;
  /** What a post cleared at a school or address search, or "not listed" chosen there (?cleared=, ?manual=, issue 38). */
  lookup_notices: LookupNotice[];
  /** A tab switch that would delete uploaded files, asked about first (?switch=<tabs>:<item>, issue 38). */
  tab_switch: TabSwitchQuestion | null;
  /** The add-another entry whose Remove was pressed (?remove=<repeater>:<index>): it shows its confirmation. */
  remove_confirm: { repeater: string; index: number } | null;
}

/**
 * Adds to a form page's data what a page without scripts needs: after a post that came back, the answers as
 * typed and their messages; for a visitor, the answers this browser posted before (kept for their login); with
 * ?upload=<key>, the upload form of that question (posting to this app); with ?fitted=…, what was done to a photo;
 * with ?lookup=<key>&q=<text>, the schools matching the text, to choose from.
 */
export async function noScriptFormData(pageContext: NoScriptPageContext, data: FormPageData): Promise<FormPageData & NoScriptFormData> {
  const posted = pageContext.formPost;
  const out: FormPageData & NoScriptFormData = {
    ...data,
    form_errors: posted?.errors ?? [],
    form_notice: posted?.notice ?? null,
    upload_targets: {},
    upload_fitted: null,
    status_check: null,
    school_search: null,
    lookup_notices: [],
    tab_switch: null,
    remove_confirm: null,
  };
  if (Object.values(data.document_answer).some((d) => isPending(d.status))) {
    out.status_check = nextStatusCheck(pageContext.urlParsed?.search[STATUS_CHECK_QUERY]);
  }
  if (posted?.answers) out.answers = posted.answers;
  if (posted?.etag) out.etag = posted.etag;
  const user = pageContext.locals?.user;
  if (!data.is_logged_in && !data.is_service_user && !posted) {
    const kept = await keptAnswersOf(pageContext.services, cookieHeaderOf(pageContext.headersOriginal));
    if (kept) out.answers = { ...data.answers, ...kept };
  }
  const page = formDefinition().pages.find((p) => p.path === pageContext.urlPathname);
  if (page && !data.is_service_user && pageContext.urlParsed?.search[LOOKUP_QUERY]) {
    out.school_search = await searchSchools(pageContext.services, page.id, pageContext.urlParsed.search, out.answers);
  }
  if (page && !data.is_service_user && pageContext.urlParsed)
    out.lookup_notices = lookupNotices(page.id, pageContext.urlParsed.search, pageContext.locals?.lang ?? 'en');
  const switching = pageContext.urlParsed?.search[TAB_SWITCH_QUERY];
  if (user && data.is_logged_in && switching) out.tab_switch = await tabSwitchQuestion(pageContext.services, user.id, data, switching);
  if (data.is_logged_in) out.remove_confirm = parseRemoveQuery(pageContext.urlParsed?.search[REMOVE_QUERY]);
  const uploadKey = pageContext.urlParsed?.search[UPLOAD_QUERY];
  if (user && data.is_logged_in && uploadKey && fieldByKey(uploadKey)?.question.kind === 'file') {
    const target = uploadTargetFor(uploadKey);
    if (target) out.upload_targets = { [uploadKey]: target };
  }
  const fitted = parseFittedQuery(pageContext.urlParsed?.search[FITTED_QUERY]);
  if (fitted && data.document_answer[fitted.key]) out.upload_fitted = fitted;
  return out;
}

/** The question `?switch=<tabs>:<item>` asks: null unless that switch would delete uploaded files (none converting). */
async function tabSwitchQuestion(
  services: AppServices,
  userId: string,
  data: FormPageData,
  value: string,
): Promise<TabSwitchQuestion | null> {
  const [tabs = '', item = ''] = value.split(':');
  if (!tabGroups().get(tabs)?.keysByItem.has(item) || data.tabs[tabs] === item) return null;
  const { files, pending } = await filesRemovedBySwitch(services, userId, data, tabs, item);
  return files.length > 0 && !pending ? { tabs, item, files } : null;
}
