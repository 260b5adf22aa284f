import Joi from 'joi';
import type { RequestHandler } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { PAGE_IDS } from '../../form/definition.js';
import {
  recordWebStatus,
  setAddAnother,
  setLastPage,
  setValidations,
  webStatusesOf,
  getApplication,
} from '../../db/repos/applications.server.js';
import { parseAnswers, versionFromIfMatch } from './answers.server.js';
import { answersEtag } from '../../contracts/answers-etag.js';
import { loadProfile } from './profile.server.js';
import { saveStudentAnswers, submitStudentApplication } from './student-writes.server.js';
import { sessionApplication } from './request-application.server.js';
import { repeaterMaximums, tabGroups, uiStateWithDefaults } from './ui-state.server.js';
import { WEB_STATUSES } from '../../contracts/statuses.js';
import type { AddAnotherRequest, LastPageRequest, TabsRequest, WebStatusRequest } from '../../contracts/api.js';
import { SUBMITTED_MESSAGE, submittedError, whileOpen } from './open-application.server.js';
import { FILE_UPLOAD_IN_PROGRESS, switchTab } from './tab-switch.server.js';
import { arrivalOf } from '../deadlines/arrival.server.js';

export { SUBMITTED_MESSAGE, FILE_UPLOAD_IN_PROGRESS };

export const SAVED_MESSAGE = 'Your answers have been saved.';
export const CONFLICT_MESSAGE =
  'Your answers were changed in another tab or on another device since this page loaded. What you typed is still here: review it and save again.';
export const SUBMIT_SUCCESS = 'Your application was successfully submitted.';
export const SUBMIT_INVALID = "We're missing some information!";

function body<T>(schema: Joi.Schema<T>, value: unknown): T {
  const { error, value: parsed } = schema.validate(value, { abortEarly: true, convert: false });
  if (error) throw new HttpError(400, error.message.replace(/"/g, "'"));
  return parsed;
}

const lastPageBody = Joi.object<LastPageRequest>({
  last_page: Joi.string()
    .valid(...PAGE_IDS.map((id) => `/${id}`), ...PAGE_IDS)
    .required(),
}).required();
const webStatusBody = Joi.object<WebStatusRequest>({
  web_status: Joi.string()
    .valid(...WEB_STATUSES)
    .required(),
}).required();
const validationsBody = Joi.array()
  .items(
    Joi.object({
      key: Joi.string().max(80).required(),
      page: Joi.string()
        .valid(...PAGE_IDS)
        .required(),
      messages: Joi.array().items(Joi.string().max(500)).max(20).required(),
    }),
  )
  .max(500)
  .required();
const addAnotherBody = Joi.object<AddAnotherRequest>({
  button_id: Joi.string().max(80).required(),
  num_components: Joi.number().integer().min(1).max(10).required(),
}).required();
const tabsBody = Joi.object<TabsRequest>({
  tab_id: Joi.string().max(80).required(),
  chosen_tab: Joi.string().max(80).required(),
}).required();

const userOf = (res: { locals: { user: { id: string; username: string } | null } }) => res.locals.user!;

/** §7 calls for logged-in students (mounted in server/routes.server.ts). Every query is scoped to the session's user id. */
export function applicationHandlers(services: AppServices) {
  const knex = services.db.knex;

  const profile: RequestHandler = async (_req, res) => {
    const profile = await loadProfile(services, userOf(res));
    res.setHeader('ETag', answersEtag(profile.version));
    res.json(profile);
  };

  const lastPage: RequestHandler = async (req, res) => {
    const { last_page } = body(lastPageBody, req.body);
    const path = last_page.startsWith('/') ? last_page : `/${last_page}`;
    const user = userOf(res);
    await whileOpen(services, user.id, (trx) => setLastPage(trx, user.id, path, services.now()));
    res.json({ message: 'Last page recorded.', last_page: path });
  };

  const saveAnswers: RequestHandler = async (req, res) => {
    const changes = parseAnswers(req.body);
    const expectedVersion = versionFromIfMatch(req.get('if-match'));
    const user = userOf(res);
    // Read with the session, in the same statement (server/application/request-application.server.ts).
    const read = await sessionApplication(res.locals, user.id);
    const saved = await saveStudentAnswers(services, user.id, changes, expectedVersion, read);
    res.setHeader('ETag', answersEtag(saved.version));
    if (saved.outcome === 'submitted') throw submittedError();
    if (saved.outcome === 'conflict') throw new HttpError(409, CONFLICT_MESSAGE, { answer: saved.answers, version: saved.version });
    res.json({ message: SAVED_MESSAGE, version: saved.version, answer: saved.answers });
  };

  const webStatus: RequestHandler = async (req, res) => {
    const { web_status } = body(webStatusBody, req.body);
    const user = userOf(res);
    if (web_status === 'submitted') {
      const row = await getApplication(knex, user.id, services.now());
      if (!row.submitted_at) throw new HttpError(409, 'Submit the application to set its status to submitted.');
    }
    await recordWebStatus(knex, user.id, web_status, services.now());
    const statuses = await webStatusesOf(knex, user.id);
    res.json({ web_status: statuses.map((s) => ({ web_status: s })) });
  };

  const recordValidations: RequestHandler = async (req, res) => {
    const entries = body(validationsBody, req.body);
    const user = userOf(res);
    await whileOpen(services, user.id, (trx) => setValidations(trx, user.id, entries, services.now()));
    res.json({ message: 'Validation results recorded.' });
  };

  // Every problem fixed: the stored result goes, so no page shows a summary of problems that are gone.
  const clearValidations: RequestHandler = async (_req, res) => {
    const user = userOf(res);
    await whileOpen(services, user.id, (trx) => setValidations(trx, user.id, [], services.now()));
    res.json({ message: 'Validation results cleared.' });
  };

  const submit: RequestHandler = async (req, res) => {
    const user = userOf(res);
    const arrivedAt = arrivalOf(services, res);
    // Answers carried through login, if any wait, are taken in inside the submission (submitApplication's absorb).
    const outcome = await submitStudentApplication(services, user, arrivedAt, res.locals.lang);
    if (outcome.outcome === 'closed') throw new HttpError(409, outcome.message, { deadline_passed: true });
    if (outcome.outcome === 'invalid') throw new HttpError(422, SUBMIT_INVALID, { validations: outcome.problems });
    res.json({
      message: SUBMIT_SUCCESS,
      submitted_at: outcome.submittedAt.toISOString(),
      web_status: 'submitted',
      reference: outcome.reference,
    });
  };

  const addAnother: RequestHandler = async (_req, res) => {
    const row = await getApplication(knex, userOf(res).id, services.now());
    res.json(uiStateWithDefaults(row).add_another);
  };

  const setAddAnotherCount: RequestHandler = async (req, res) => {
    const { button_id, num_components } = body(addAnotherBody, req.body);
    const max = repeaterMaximums().get(button_id);
    if (max === undefined) throw new HttpError(400, `Unknown add-another button: ${button_id}`);
    if (num_components > max) throw new HttpError(400, `At most ${max} can be added for ${button_id}.`);
    const counts = await whileOpen(services, userOf(res).id, (trx, row) =>
      setAddAnother(trx, row, button_id, num_components, services.now()),
    );
    res.json(counts);
  };

  const tabs: RequestHandler = async (_req, res) => {
    const row = await getApplication(knex, userOf(res).id, services.now());
    res.json(uiStateWithDefaults(row).tabs);
  };

  const chooseTab: RequestHandler = async (req, res) => {
    const { tab_id, chosen_tab } = body(tabsBody, req.body);
    const group = tabGroups().get(tab_id);
    if (!group) throw new HttpError(400, `Unknown tabs: ${tab_id}`);
    if (!group.keysByItem.has(chosen_tab)) throw new HttpError(400, `Unknown tab ${chosen_tab} for ${tab_id}`);
    const result = await switchTab(services, userOf(res).id, tab_id, chosen_tab);
    res.setHeader('ETag', answersEtag(result.version));
    res.json({ tabs: result.tabs, version: result.version });
  };

  return {
    profile,
    lastPage,
    saveAnswers,
    webStatus,
    recordValidations,
    clearValidations,
    submit,
    addAnother,
    setAddAnotherCount,
    tabs,
    chooseTab,
  };
}
