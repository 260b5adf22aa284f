import type { ValidationEntry } from '../../form/types.js';
import { ApiError, apiRequest } from '../ui/api.js';
import type { WebStatus } from '../../contracts/statuses.js';
import {
  UPLOAD_IN_PROGRESS,
  type AddAnotherRequest,
  type LastPageRequest,
  type TabsRequest,
  type WebStatusRequest,
} from '../../contracts/api.js';
import { SUBMIT_PATH } from '../../contracts/api-paths.js';
import { answersEtag } from '../../contracts/answers-etag.js';

/** §7 / §9: the web-status post is retried 2 times on failure. */
export const STATUS_POST_RETRIES = 2;

/** POST /api/web-status, retried (not on 401 or a 4xx that a retry cannot fix). */
export async function postWebStatus(webStatus: WebStatus, retries = STATUS_POST_RETRIES): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await apiRequest('/api/web-status', { method: 'POST', body: { web_status: webStatus } satisfies WebStatusRequest });
      return;
    } catch (err) {
      const retriable = err instanceof ApiError && (err.status === 0 || err.status >= 500);
      if (!retriable || attempt >= retries) throw err;
    }
  }
}

/** §4: while started or validating every page change reports the current path. */
export async function putLastPage(path: string): Promise<void> {
  await apiRequest('/api/last-page', { method: 'PUT', body: { last_page: path } satisfies LastPageRequest });
}

/**
 * Records the schema result while validating: posted when it has entries (§4); when none remain, the stored
 * one is cleared instead, or the next page would open with the summary of problems already fixed.
 */
export async function recordValidations(entries: readonly ValidationEntry[]): Promise<void> {
  await apiRequest('/api/validations', entries.length > 0 ? { method: 'POST', body: entries } : { method: 'DELETE' });
}

export type SubmitOutcome = { outcome: 'submitted' } | { outcome: 'invalid'; validations: ValidationEntry[] };

/**
 * Submit in one call (§4): the server records the statuses, validates every page and submits, or stores the
 * problems and answers 422 with them. 200 also for a repeat (idempotent); 409 `submitted`: another tab won.
 */
export async function postSubmit(): Promise<SubmitOutcome> {
  try {
    await apiRequest(SUBMIT_PATH, { method: 'POST' });
    return { outcome: 'submitted' };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.status === 422 && Array.isArray(err.body?.validations))
      return { outcome: 'invalid', validations: err.body.validations as ValidationEntry[] };
    if (err.status === 409 && err.body?.submitted === true) return { outcome: 'submitted' };
    throw err;
  }
}

/** PUT /api/add-another (§7): the count per button id. */
export async function putAddAnother(buttonId: string, count: number): Promise<void> {
  await apiRequest('/api/add-another', { method: 'PUT', body: { button_id: buttonId, num_components: count } satisfies AddAnotherRequest });
}

export type TabOutcome = { outcome: 'chosen'; etag: string | null } | { outcome: 'blocked' };

/** PUT /api/tabs (§7): 409 'File Upload in Progress' blocks the switch; the answers' new ETag comes back. */
export async function putTab(tabId: string, chosenTab: string): Promise<TabOutcome> {
  try {
    const response = await apiRequest<{ version?: number }>('/api/tabs', {
      method: 'PUT',
      body: { tab_id: tabId, chosen_tab: chosenTab } satisfies TabsRequest,
    });
    const etag = response.headers.get('ETag') ?? (typeof response.data?.version === 'number' ? answersEtag(response.data.version) : null);
    return { outcome: 'chosen', etag };
  } catch (err) {
    if (err instanceof ApiError && err.status === 409 && err.body?.title === UPLOAD_IN_PROGRESS.title) return { outcome: 'blocked' };
    throw err;
  }
}
