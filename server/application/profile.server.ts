import type { AppServices } from '../services.server.js';
import { getApplication, saveAnswers, type ApplicationRow } from '../../db/repos/applications.server.js';
import { webStatusesOf } from '../../db/repos/applications.server.js';
import { listLogins } from '../../db/repos/users.server.js';
import { takeCarriedAnswers } from '../../db/repos/carried-answers.server.js';
import { documentAnswersFor, type DocumentAnswer } from '../../db/repos/documents.server.js';
import { unknownKeys } from '../../form/answers.js';
import { prepareAnswers, uiStateOf } from './answers.server.js';

/** §3 Profile, plus what the form needs to render the same state on any device. */
export interface Profile {
  username: string;
  last_page: string | null;
  successful_login: string[];
  web_status: Array<{ web_status: string }>;
  answer: Record<string, string | boolean>;
  document_answer: Record<string, DocumentAnswer>;
  add_another: Record<string, number>;
  tabs: Record<string, string>;
  version: number;
  submitted_at: string | null;
}

/**
 * Answers typed while logged out arrive with the login call (accounts keep them in carried_answers);
 * the first read of the application takes them in, once. Keys the definition does not know are dropped.
 */
async function absorbCarriedAnswers(services: AppServices, userId: string, row: ApplicationRow): Promise<ApplicationRow> {
  if (row.submitted_at) return row;
  const carried = await takeCarriedAnswers(services.db.knex, userId);
  if (!carried) return row;
  const unknown = new Set(unknownKeys(carried));
  const changes = Object.fromEntries(
    Object.entries(carried).filter(([key, value]) => !unknown.has(key) && (typeof value === 'boolean' || (typeof value === 'string' && value !== ''))),
  );
  if (Object.keys(changes).length === 0) return row;
  const now = services.now();
  const saved = await saveAnswers(services.db.knex, userId, {
    changes,
    expectedVersion: null,
    now,
    prepare: (merged, previous) => prepareAnswers(merged, previous, uiStateOf(row), now),
  });
  return { ...row, answers: saved.answers, version: saved.version };
}

export async function loadApplication(services: AppServices, userId: string): Promise<ApplicationRow> {
  const row = await getApplication(services.db.knex, userId, services.now());
  return absorbCarriedAnswers(services, userId, row);
}

export async function loadProfile(services: AppServices, user: { id: string; username: string }): Promise<Profile> {
  const knex = services.db.knex;
  const row = await loadApplication(services, user.id);
  const [logins, statuses, documents] = await Promise.all([
    listLogins(knex, user.id),
    webStatusesOf(knex, user.id),
    documentAnswersFor(knex, user.id),
  ]);
  return {
    username: user.username,
    last_page: row.last_page,
    successful_login: logins.map((d) => new Date(d).toISOString()),
    web_status: statuses.map((web_status) => ({ web_status })),
    answer: row.answers,
    document_answer: documents,
    add_another: row.add_another,
    tabs: row.tabs,
    version: row.version,
    submitted_at: row.submitted_at ? new Date(row.submitted_at).toISOString() : null,
  };
}
