import Joi from 'joi';
import type { Feature } from '../routes/routers.server.js';
import type { AppServices } from '../services.server.js';
import { HttpError } from '../http-error.server.js';
import { requireUser } from '../auth/session.server.js';
import { PAGE_IDS } from '../../form/definition.js';
import { validate } from '../../form/schema.js';
import {
  recordWebStatus,
  saveAnswers,
  setAddAnother,
  setLastPage,
  setTab,
  setValidations,
  submitApplication,
  webStatusesOf,
  getApplication,
} from '../../db/repos/applications.server.js';
import { etagOf, parseAnswers, prepareAnswers, uiStateOf, versionFromIfMatch } from './answers.server.js';
import { absorbCarriedAnswers, loadApplication, loadProfile } from './profile.server.js';
import { repeaterMaximums, tabGroups } from './ui-state.server.js';
import { documentAnswersFor } from '../../db/repos/documents.server.js';
import { isDocumentKey } from '../documents/document-keys.server.js';
import { deleteDocumentAnswer } from '../documents/service.server.js';
import { isPending, type ConversionStatus } from '../../form/documents.js';

export const SAVED_MESSAGE = 'Your answers have been saved.';
export const CONFLICT_MESSAGE =
  'Your answers were changed in another tab or on another device since this page loaded. What you typed is still here: review it and save again.';
export const SUBMITTED_MESSAGE = 'Your application has been submitted, so its answers can no longer be changed.';
export const SUBMIT_SUCCESS = 'Your application was successfully submitted.';
export const SUBMIT_INVALID = "We're missing some information!";
export const FILE_UPLOAD_IN_PROGRESS = 'Please wait until the file upload has completed.';

const WEB_STATUSES = ['started', 'validating', 'submitted'] as const;

function body<T>(schema: Joi.Schema<T>, value: unknown): T {
  const { error, value: parsed } = schema.validate(value, { abortEarly: true, convert: false });
  if (error) throw new HttpError(400, error.message.replace(/"/g, "'"));
  return parsed;
}

const lastPageBody = Joi.object({ last_page: Joi.string().valid(...PAGE_IDS.map((id) => `/${id}`), ...PAGE_IDS).required() }).required();
const webStatusBody = Joi.object({ web_status: Joi.string().valid(...WEB_STATUSES).required() }).required();
const validationsBody = Joi.array()
  .items(
    Joi.object({
      key: Joi.string().max(80).required(),
      page: Joi.string().valid(...PAGE_IDS).required(),
      messages: Joi.array().items(Joi.string().max(500)).max(20).required(),
    }),
  )
  .max(500)
  .required();
const addAnotherBody = Joi.object({ button_id: Joi.string().max(80).required(), num_components: Joi.number().integer().min(1).max(10).required() }).required();
const tabsBody = Joi.object({ tab_id: Joi.string().max(80).required(), chosen_tab: Joi.string().max(80).required() }).required();

const userOf = (res: { locals: { user: { id: string; username: string } | null } }) => res.locals.user!;

/** §7 calls for logged-in students. Every query is scoped to the session's user id. */
export const applicationFeature: Feature = ({ api }, services: AppServices) => {
  const knex = services.db.knex;

  api.get('/profile', requireUser, async (_req, res) => {
    const profile = await loadProfile(services, userOf(res));
    res.setHeader('ETag', etagOf(profile.version));
    res.json(profile);
  });

  api.put('/last-page', requireUser, async (req, res) => {
    const { last_page } = body(lastPageBody, req.body);
    const path = last_page.startsWith('/') ? last_page : `/${last_page}`;
    await setLastPage(knex, userOf(res).id, path, services.now());
    res.json({ message: 'Last page recorded.', last_page: path });
  });

  api.put('/answer', requireUser, async (req, res) => {
    const changes = parseAnswers(req.body);
    const expectedVersion = versionFromIfMatch(req.get('if-match'));
    const user = userOf(res);
    const now = services.now();
    // One transaction: the locked row gives the UI state prepareAnswers needs and says whether carried
    // answers wait (taken in first, as a read of the application would, so If-Match compares with that version).
    const saved = await saveAnswers(knex, user.id, {
      changes,
      expectedVersion,
      now,
      absorb: (trx, row) => absorbCarriedAnswers(services, trx, user.id, row),
      prepare: (merged, previous, row) => prepareAnswers(merged, previous, uiStateOf(row), now),
    });
    res.setHeader('ETag', etagOf(saved.version));
    if (saved.outcome === 'submitted') throw new HttpError(409, SUBMITTED_MESSAGE, { submitted: true });
    if (saved.outcome === 'conflict') throw new HttpError(409, CONFLICT_MESSAGE, { answer: saved.answers, version: saved.version });
    res.json({ message: SAVED_MESSAGE, version: saved.version, answer: saved.answers });
  });

  api.post('/web-status', requireUser, async (req, res) => {
    const { web_status } = body(webStatusBody, req.body);
    const user = userOf(res);
    if (web_status === 'submitted') {
      const row = await getApplication(knex, user.id, services.now());
      if (!row.submitted_at) throw new HttpError(409, 'Submit the application to set its status to submitted.');
    }
    await recordWebStatus(knex, user.id, web_status, services.now());
    const statuses = await webStatusesOf(knex, user.id);
    res.json({ web_status: statuses.map((s) => ({ web_status: s })) });
  });

  api.post('/validations', requireUser, async (req, res) => {
    const entries = body(validationsBody, req.body);
    await setValidations(knex, userOf(res).id, entries, services.now());
    res.json({ message: 'Validation results recorded.' });
  });

  // Every problem fixed: the stored result goes, so no page shows a summary of problems that are gone.
  api.delete('/validations', requireUser, async (_req, res) => {
    await setValidations(knex, userOf(res).id, [], services.now());
    res.json({ message: 'Validation results cleared.' });
  });

  api.post('/submit', requireUser, async (req, res) => {
    const user = userOf(res);
    const now = services.now();
    // Takes in answers carried through login, if any wait; the check itself reads the locked row, so a tab
    // switched or an instance added by another tab meanwhile counts.
    await loadApplication(services, user.id);
    const outcome = await submitApplication(knex, user.id, {
      now,
      check: (locked) => {
        const problems = validate(locked.answers, 'all', { ui: uiStateOf(locked), now });
        return problems.length > 0 ? problems : null;
      },
      afterSubmit: services.onSubmitted ? (trx) => services.onSubmitted!(trx, user.id) : undefined,
    });
    if (outcome.outcome === 'invalid') {
      await setValidations(knex, user.id, outcome.problems, now);
      throw new HttpError(422, SUBMIT_INVALID, { validations: outcome.problems });
    }
    res.json({ message: SUBMIT_SUCCESS, submitted_at: outcome.submittedAt.toISOString(), web_status: 'submitted' });
  });

  api.get('/add-another', requireUser, async (_req, res) => {
    const row = await getApplication(knex, userOf(res).id, services.now());
    const counts: Record<string, number> = {};
    for (const [id] of repeaterMaximums()) counts[id] = row.add_another[id] ?? 1;
    res.json(counts);
  });

  api.put('/add-another', requireUser, async (req, res) => {
    const { button_id, num_components } = body(addAnotherBody, req.body);
    const max = repeaterMaximums().get(button_id);
    if (max === undefined) throw new HttpError(400, `Unknown add-another button: ${button_id}`);
    if (num_components > max) throw new HttpError(400, `At most ${max} can be added for ${button_id}.`);
    const counts = await setAddAnother(knex, userOf(res).id, button_id, num_components, services.now());
    res.json(counts);
  });

  api.get('/tabs', requireUser, async (_req, res) => {
    const row = await getApplication(knex, userOf(res).id, services.now());
    const chosen: Record<string, string> = {};
    for (const [id, group] of tabGroups()) chosen[id] = row.tabs[id] ?? group.tabs.defaultTab;
    res.json(chosen);
  });

  api.put('/tabs', requireUser, async (req, res) => {
    const { tab_id, chosen_tab } = body(tabsBody, req.body);
    const group = tabGroups().get(tab_id);
    if (!group) throw new HttpError(400, `Unknown tabs: ${tab_id}`);
    if (!group.keysByItem.has(chosen_tab)) throw new HttpError(400, `Unknown tab ${chosen_tab} for ${tab_id}`);
    const leftBehind = [...group.keysByItem].filter(([item]) => item !== chosen_tab).flatMap(([, keys]) => keys);
    // §4: a document under a tab being left must not be mid-upload; otherwise it is deleted with the switch.
    const user = userOf(res);
    const documents = await documentAnswersFor(knex, user.id);
    const leftDocuments = leftBehind.filter((key) => isDocumentKey(key) && documents[key]);
    if (leftDocuments.some((key) => isPending(documents[key]!.status as ConversionStatus))) {
      throw new HttpError(409, FILE_UPLOAD_IN_PROGRESS, { title: 'File Upload in Progress' });
    }
    for (const key of leftDocuments) await deleteDocumentAnswer(services, user.id, key);
    const clearKeys = leftBehind.filter((key) => !isDocumentKey(key)).flatMap((k) => [k, `${k}_desc`]);
    const result = await setTab(knex, user.id, { tabId: tab_id, chosenTab: chosen_tab, clearKeys, now: services.now() });
    if (result.submitted) throw new HttpError(409, SUBMITTED_MESSAGE, { submitted: true });
    res.setHeader('ETag', etagOf(result.version));
    res.json({ tabs: result.tabs, version: result.version });
  });
};


