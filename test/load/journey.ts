import { fieldsOf } from '../../form/fields.js';
import { PAGE_IDS } from '../../form/definition.js';
import type { PageId } from '../../form/types.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { PAGE_CHANGED_COOKIE, PAGE_CHANGE_MARKER_ATTRIBUTE } from '../../contracts/page-change.js';
import { ApplicantClient, StepError, type StepRecorder } from './client.js';

/** How fast simulated applicants act: a pause of `thinkMs` (±50 %) between steps, a third of it between saves on a page. */
export interface Pacing {
  thinkMs: number;
}

export interface JourneyContext {
  /** The web process, or several of one deployment (the journey's requests go to each in turn). */
  baseUrl: string | string[];
  recorder: StepRecorder;
  pacing: Pacing;
  /** Resolves with the confirmation code e-mailed to `username`. */
  codeFor(username: string): Promise<string>;
  document: { name: string; bytes: Buffer };
  /** Gives up waiting for a conversion or the PDF after this long (a person would, too). */
  patienceMs: number;
}

const TRANSCRIPT_TAB = { tab_id: 'transcript-source', chosen_tab: 'upload' };
const FINAL = new Set(['COMPLETED', 'FAILED', 'NOT_ANSWERED']);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const jitter = (ms: number) => ms * (0.5 + Math.random());

/** The complete answers split by the page that asks them, derived from the form definition. */
export function answersByPage(base: Record<string, string | boolean> = COMPLETE_ANSWERS): Record<PageId, Record<string, string | boolean>> {
  const byPage = {} as Record<PageId, Record<string, string | boolean>>;
  const placed = new Set<string>();
  for (const page of PAGE_IDS) {
    const keys = new Set(fieldsOf(page).map((f) => f.question.key));
    byPage[page] = Object.fromEntries(Object.entries(base).filter(([key]) => keys.has(key)));
    for (const key of Object.keys(byPage[page])) placed.add(key);
  }
  const stray = Object.keys(base).filter((key) => !placed.has(key));
  if (stray.length > 0) throw new Error(`answers not asked on any page: ${stray.join(', ')}`);
  return byPage;
}

/** Splits a page's answers into the few saves a person's typing produces (the island saves as fields change). */
function saveBatches(answers: Record<string, string | boolean>, perSave = 4): Array<Record<string, string | boolean>> {
  const entries = Object.entries(answers);
  const batches = [];
  for (let i = 0; i < entries.length; i += perSave) batches.push(Object.fromEntries(entries.slice(i, i + perSave)));
  return batches;
}

/** What an applicant types into the high-school autocomplete, as the 200 ms debounce lets it through. */
const SCHOOL_TYPING = ['al', 'alta', 'alta hi', 'alta high'];

/**
 * One applicant, start to finish, through the HTTP API the pages use: sign up, confirm with the
 * e-mailed code, log in, fill the three pages (saving as they go, with If-Match), upload a transcript,
 * submit and download the PDF. Throws a StepError naming the step that failed.
 */
export async function runJourney(ctx: JourneyContext, index: number, runId: string): Promise<void> {
  const address = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  const client = new ApplicantClient(ctx.baseUrl, address, ctx.recorder, index);
  const username = `load-${runId}-${index}@example.com`;
  const password = `Deadline night ${runId} #${index}`;
  const think = () => sleep(jitter(ctx.pacing.thinkMs));

  await client.call('GET /signup', '/signup');
  await think();
  await client.call('sign up', '/public/signup', { method: 'POST', json: { username, password } });
  const mailStarted = performance.now();
  const code = await ctx.codeFor(username).catch((err: Error) => {
    throw new StepError('code e-mail arrives', err.message);
  });
  ctx.recorder.record('code e-mail arrives', performance.now() - mailStarted);
  await think();
  await client.call('confirm', '/public/confirm', { method: 'POST', json: { username, code } });
  await client.call('log in', '/public/login', { method: 'POST', json: { username, password } });
  if (!client.loggedIn) throw new StepError('log in', 'no session cookie');

  const { res: profile } = await client.json<{ version: number }>('GET /api/profile', '/api/profile');
  let etag = profile.headers.get('etag') ?? undefined;
  const answers = answersByPage({
    ...COMPLETE_ANSWERS,
    last_name: `Applicant ${index}`,
    parent_email_address: `parent-${index}@example.com`,
  });

  for (const page of PAGE_IDS) {
    const html = await (await client.call(`GET /${page}`, `/${page}`)).text();
    // Moving on to the next page, the page's script marks the session as having changed page (§3).
    const marker = new RegExp(`${PAGE_CHANGE_MARKER_ATTRIBUTE}="([^"]+)"`).exec(html)?.[1];
    if (!marker) throw new StepError(`GET /${page}`, 'no page-change marker in the page');
    client.setCookie(PAGE_CHANGED_COOKIE, marker);
    await client.call('PUT /api/last-page', '/api/last-page', { method: 'PUT', json: { last_page: `/${page}` } });
    for (const batch of saveBatches(answers[page])) {
      await sleep(jitter(ctx.pacing.thinkMs / 3));
      if ('hs_name' in batch) {
        for (const query of SCHOOL_TYPING) {
          await client.call('GET /lookup/find', `/lookup/find?query=${encodeURIComponent(query)}&category=hs_ceeb&max_results=5`);
          await sleep(250);
        }
      }
      const saved = await client.call('PUT /api/answer', '/api/answer', {
        method: 'PUT',
        json: batch,
        headers: etag ? { 'if-match': etag } : {},
      });
      etag = saved.headers.get('etag') ?? etag;
    }
    if (page === 'education') await uploadTranscript(client, ctx);
    await think();
  }

  await client.call('submit', '/api/submit', { method: 'POST' });
  await client.call('GET /completion', '/completion');
  const url = await waitFor(
    client,
    ctx,
    'PDF ready',
    '/api/pdf',
    1000,
    (body: { status: string; url: string | null; message?: string }) => {
      if (body.status === 'FAILED') throw new StepError('PDF ready', `FAILED: ${body.message ?? ''}`);
      return body.status === 'COMPLETED' ? body.url : null;
    },
  );
  const pdf = await client.call('download PDF', url!);
  const head = Buffer.from(await pdf.arrayBuffer())
    .subarray(0, 5)
    .toString('latin1');
  if (head !== '%PDF-') throw new StepError('download PDF', `not a PDF (starts ${JSON.stringify(head)})`);
}

async function uploadTranscript(client: ApplicantClient, ctx: JourneyContext): Promise<void> {
  await client.call('PUT /api/tabs', '/api/tabs', { method: 'PUT', json: TRANSCRIPT_TAB });
  const { body: presigned } = await client.json<{ url: string; fields: Record<string, string> }>('presign upload', '/api/presigned-url', {
    method: 'POST',
    json: { answer_key: 'transcript' },
  });
  const form = new FormData();
  for (const [name, value] of Object.entries(presigned.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(ctx.document.bytes)]), ctx.document.name);
  await client.call('upload to object store', presigned.url, { method: 'POST', body: form });
  await client.call('start conversion', '/api/pdf/document-answer/transcript', {
    method: 'POST',
    json: { file_key: presigned.fields.key, file_name: ctx.document.name },
  });
  await waitFor(
    client,
    ctx,
    'conversion done',
    '/api/pdf/document-answer/transcript',
    2000,
    (body: { status: string; message?: string }) => {
      if (body.status === 'COMPLETED') return true;
      if (FINAL.has(body.status)) throw new StepError('conversion done', `${body.status}: ${body.message ?? ''}`);
      return null;
    },
  );
}

/** Polls like the page does (§5: every `intervalMs`) and records the wait as one step. */
async function waitFor<B, T>(
  client: ApplicantClient,
  ctx: JourneyContext,
  step: string,
  path: string,
  intervalMs: number,
  done: (body: B) => T | null,
): Promise<T> {
  const started = performance.now();
  for (;;) {
    const { body } = await client.json<B>(`GET ${path.replace(/\/transcript$/, '/{key}')}`, path);
    const result = done(body);
    if (result !== null) {
      ctx.recorder.record(step, performance.now() - started);
      return result;
    }
    if (performance.now() - started > ctx.patienceMs)
      throw new StepError(step, `still pending after ${Math.round(ctx.patienceMs / 1000)} s`);
    await sleep(intervalMs);
  }
}
