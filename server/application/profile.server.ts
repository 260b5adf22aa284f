import type { Knex } from 'knex';
import type { AppServices } from '../../platform/app-services.server.js';
import { getApplication, saveAnswers, type ApplicationRead, type PageApplicationRead } from '../../db/repos/applications.server.js';
import { webStatusesOf } from '../../db/repos/applications.server.js';
import { listLogins } from '../../db/repos/users.server.js';
import { takeCarriedAnswers } from '../../db/repos/carried-answers.server.js';
import { documentAnswersFor } from '../../db/repos/documents.server.js';
import type { DocumentAnswer } from '../../contracts/api.js';
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
 * The read says whether any wait (`has_carried_answers`), so other reads cost no DELETE; taking them is
 * still one atomic DELETE … RETURNING, so two concurrent first reads cannot both merge them.
 * `knex` is the save's transaction when called from inside one (PUT /api/answer).
 */
export async function absorbCarriedAnswers(
  services: AppServices,
  knex: Knex,
  userId: string,
  row: ApplicationRead,
): Promise<ApplicationRead> {
  if (row.submitted_at || !row.has_carried_answers) return row;
  const carried = await takeCarriedAnswers(knex, userId);
  if (!carried) return { ...row, has_carried_answers: false };
  const unknown = new Set(unknownKeys(carried));
  const changes = Object.fromEntries(
    Object.entries(carried).filter(
      ([key, value]) => !unknown.has(key) && (typeof value === 'boolean' || (typeof value === 'string' && value !== '')),
    ),
  );
  if (Object.keys(changes).length === 0) return { ...row, has_carried_answers: false };
  const now = services.now();
  const saved = await saveAnswers(knex, userId, {
    changes,
    expectedVersion: null,
    now,
    prepare: (merged, previous, locked) => prepareAnswers(merged, previous, uiStateOf(locked), now),
  });
  return { ...row, answers: saved.answers, version: saved.version, has_carried_answers: false };
}

/** The applicant's application with carried answers taken in; `read` is a row this request already read. */
export async function loadApplication(services: AppServices, userId: string, read?: ApplicationRead): Promise<ApplicationRead> {
  const row = read ?? (await getApplication(services.db.knex, userId, services.now()));
  return absorbCarriedAnswers(services, services.db.knex, userId, row);
}

/** §3 Profile of `row` (from loadApplication): logins, statuses and documents are read alongside. */
export async function profileOf(services: AppServices, user: { id: string; username: string }, row: ApplicationRead): Promise<Profile> {
  const knex = services.db.knex;
  const [logins, statuses, documents] = await Promise.all([
    listLogins(knex, user.id).then((dates) => dates.map((d) => new Date(d).toISOString())),
    webStatusesOf(knex, user.id),
    documentAnswersFor(knex, user.id),
  ]);
  return profileFrom(user, row, { logins, statuses, documents });
}

/** The document answers of a page's row read with its extras (findApplicationForPage), as documentAnswersFor gives them. */
export function pageDocumentsOf(row: PageApplicationRead): Record<string, DocumentAnswer> {
  return Object.fromEntries(
    row.page_extras.documents.map((d) => [
      d.answer_key,
      { file_name: d.file_name, file_size: d.file_size, status: d.status ?? 'NOT_ANSWERED' } as DocumentAnswer,
    ]),
  );
}

/** A profile from what has been read; the dates of logins may be left out where only their number counts. */
export function profileFrom(
  user: { username: string },
  row: ApplicationRead,
  read: { logins: string[]; statuses: string[]; documents: Record<string, DocumentAnswer> },
): Profile {
  const { logins, statuses, documents } = read;
  return {
    username: user.username,
    last_page: row.last_page,
    successful_login: logins,
    web_status: statuses.map((web_status) => ({ web_status })),
    answer: row.answers,
    document_answer: documents,
    add_another: row.add_another,
    tabs: row.tabs,
    version: row.version,
    submitted_at: row.submitted_at ? new Date(row.submitted_at).toISOString() : null,
  };
}

export async function loadProfile(services: AppServices, user: { id: string; username: string }): Promise<Profile> {
  return profileOf(services, user, await loadApplication(services, user.id));
}
