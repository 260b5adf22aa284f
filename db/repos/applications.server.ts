import type { Knex } from 'knex';
import { type WebStatus } from '../../contracts/statuses.js';

export type StoredAnswers = Record<string, string | boolean>;

export interface ApplicationRow {
  user_id: string;
  answers: StoredAnswers;
  version: number;
  last_page: string | null;
  add_another: Record<string, number>;
  tabs: Record<string, string>;
  validations: unknown;
  submitted_at: Date | null;
  /** The submission's reference (e.g. FA-7K3M9Q), set with submitted_at. */
  reference: string | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * An application row as read for its owner: `has_carried_answers` says whether answers carried through
 * login wait in carried_answers, so they are taken (a DELETE) only when there is something to take.
 */
export interface ApplicationRead extends ApplicationRow {
  has_carried_answers: boolean;
}

function readColumns(knex: Knex) {
  return [
    'applications.*',
    knex.raw('exists (select 1 from carried_answers c where c.user_id = applications.user_id) as has_carried_answers'),
  ];
}

/** Every applicant has exactly one application row, created on first use. */
export async function ensureApplication(knex: Knex, userId: string, now: Date): Promise<void> {
  await knex('applications').insert({ user_id: userId, created_at: now, updated_at: now }).onConflict('user_id').ignore();
}

export async function findApplication(knex: Knex, userId: string): Promise<ApplicationRead | undefined> {
  return (await knex('applications').where({ user_id: userId }).first(readColumns(knex))) as ApplicationRead | undefined;
}

/** What a student's page shows beside the row: read with it, in the same statement (issue 28). */
export interface PageExtras {
  login_count: number;
  /** The web statuses recorded, oldest first. */
  web_statuses: string[];
  documents: Array<{ answer_key: string; file_name: string | null; file_size: number | null; status: string | null }>;
}

export type PageApplicationRead = ApplicationRead & { page_extras: PageExtras };

/**
 * The application row with what a student's page renders beside it (number of logins, web statuses, document
 * answers): one statement where the page made four, each a round trip (and, on embedded PGlite, CPU of this process).
 */
export async function findApplicationForPage(knex: Knex, userId: string): Promise<PageApplicationRead | undefined> {
  const extras = knex.raw(`${pageExtrasSql('applications')} as page_extras`);
  const row = (await knex('applications')
    .where({ user_id: userId })
    .first([...readColumns(knex), extras])) as (ApplicationRead & { page_extras: PageExtras | string }) | undefined;
  if (!row) return undefined;
  return { ...row, page_extras: pageExtrasOf(row.page_extras) };
}

/** The SQL of PageExtras for the application row aliased `alias` (one json value). */
function pageExtrasSql(alias: string): string {
  return `json_build_object(
      'login_count', (select count(*) from user_logins l where l.user_id = ${alias}.user_id),
      'web_statuses', coalesce((select json_agg(w.web_status order by w.recorded_at) from web_statuses w where w.user_id = ${alias}.user_id), '[]'::json),
      'documents', coalesce((select json_agg(json_build_object('answer_key', d.answer_key, 'file_name', d.file_name, 'file_size', d.file_size, 'status', d.status) order by d.answer_key)
        from document_answers d where d.user_id = ${alias}.user_id), '[]'::json)
    )`;
}

function pageExtrasOf(value: PageExtras | string): PageExtras {
  const extras = typeof value === 'string' ? (JSON.parse(value) as PageExtras) : value;
  return { ...extras, login_count: Number(extras.login_count) };
}

/** Which read of the application a request makes along with its session (server/auth/session.server.ts). */
export type ApplicationReadKind = 'page' | 'row';

/**
 * The SQL of one json value holding the application row of the user `userIdSql` names, as findApplication
 * ('row') or findApplicationForPage ('page') read it, or null when there is none: a statement that reads
 * something else by user id (the session) reads the application in the same round trip (issue 28).
 */
export function applicationReadSql(kind: ApplicationReadKind, userIdSql: string): string {
  return `(select json_build_object(
      'row', row_to_json(a),
      'has_carried_answers', exists (select 1 from carried_answers c where c.user_id = a.user_id)${kind === 'page' ? `,\n      'page_extras', ${pageExtrasSql('a')}` : ''}
    ) from applications a where a.user_id = ${userIdSql})`;
}

/** The row applicationReadSql read, typed as the drivers type a row read directly (dates as Date). */
export function applicationReadOf(value: unknown): ApplicationRead | PageApplicationRead | undefined {
  if (value === null || value === undefined) return undefined;
  const read = (typeof value === 'string' ? JSON.parse(value) : value) as {
    row: Record<string, unknown>;
    has_carried_answers: boolean;
    page_extras?: PageExtras | string;
  };
  const row = read.row;
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  const application = {
    ...row,
    submitted_at: date(row.submitted_at),
    created_at: date(row.created_at),
    updated_at: date(row.updated_at),
    has_carried_answers: read.has_carried_answers,
  } as ApplicationRead;
  return read.page_extras === undefined ? application : { ...application, page_extras: pageExtrasOf(read.page_extras) };
}

export async function getApplication(knex: Knex, userId: string, now: Date): Promise<ApplicationRead> {
  const row = await findApplication(knex, userId);
  if (row) return row;
  await ensureApplication(knex, userId, now);
  return (await findApplication(knex, userId))!;
}

/** Locks the row for the rest of `trx`; the insert is only needed once per applicant, so it comes second. */
export async function lockApplication(trx: Knex.Transaction, userId: string, now: Date): Promise<ApplicationRead> {
  const lock = async () =>
    (await trx('applications').where({ user_id: userId }).forUpdate().first(readColumns(trx))) as ApplicationRead | undefined;
  const row = await lock();
  if (row) return row;
  await ensureApplication(trx, userId, now);
  return (await lock())!;
}

export type SaveOutcome =
  | { outcome: 'saved'; version: number; answers: StoredAnswers }
  | { outcome: 'conflict'; version: number; answers: StoredAnswers }
  | { outcome: 'submitted'; version: number; answers: StoredAnswers };

export interface SaveAnswersOptions {
  changes: StoredAnswers;
  expectedVersion: number | null;
  now: Date;
  /** Derives the stored answers from the merge; `row` is the row read (its UI state decides what is hidden). */
  prepare: (merged: StoredAnswers, previous: StoredAnswers, row: ApplicationRead) => StoredAnswers;
  /** Runs first on the locked row when carried answers wait, in the same transaction (taking them in); returns the row as it now is. */
  absorb?: (trx: Knex.Transaction, row: ApplicationRead) => Promise<ApplicationRead>;
  /**
   * The row as this request already read it (with its session, for instance; null: it has none), instead of
   * reading it first. Being older changes nothing: the UPDATE only applies to the version it was read at.
   */
  read?: ApplicationRead | null;
}

/**
 * Merges `changes` into the stored answers. A save that started from an older version (`expectedVersion`
 * given and different) is refused with the current answers: no silent overwrite. `prepare` derives the
 * stored document from the merge (clearing hidden answers, descriptions).
 *
 * The common case is two statements and no transaction: a read of the row, then one UPDATE conditional on
 * everything the prepared answers were derived from (the version, the UI state that decides what is hidden)
 * and on the application being open. A submit or another save committed in between makes the UPDATE match
 * no row (PostgreSQL re-checks the WHERE on the row a concurrent writer left), and the save is redone under
 * the row lock, which tells the outcomes apart exactly as before. The rare cases — no row yet, carried
 * answers waiting to be taken in — go straight to the locked path.
 */
export async function saveAnswers(knex: Knex, userId: string, options: SaveAnswersOptions): Promise<SaveOutcome> {
  const row = options.read !== undefined ? (options.read ?? undefined) : await findApplication(knex, userId);
  if (!row || (row.has_carried_answers && options.absorb)) return saveAnswersLocked(knex, userId, options);
  if (row.submitted_at) return { outcome: 'submitted', version: row.version, answers: row.answers };
  if (options.expectedVersion !== null && options.expectedVersion !== row.version) {
    return { outcome: 'conflict', version: row.version, answers: row.answers };
  }
  const answers = options.prepare({ ...row.answers, ...options.changes }, row.answers, row);
  const updated = (await knex('applications')
    .where({ user_id: userId, version: row.version })
    .whereNull('submitted_at')
    .whereRaw('add_another = ?::jsonb and tabs = ?::jsonb', [JSON.stringify(row.add_another), JSON.stringify(row.tabs)])
    .update({ answers: JSON.stringify(answers), version: knex.raw('version + 1'), updated_at: options.now }, ['version'])) as Array<{
    version: number;
  }>;
  if (updated.length === 1) return { outcome: 'saved', version: updated[0]!.version, answers };
  return saveAnswersLocked(knex, userId, options);
}

/** The save under the row lock, in one transaction: carried answers first, then the same checks. */
async function saveAnswersLocked(knex: Knex, userId: string, options: SaveAnswersOptions): Promise<SaveOutcome> {
  return knex.transaction(async (trx) => {
    const locked = await lockApplication(trx, userId, options.now);
    const row = options.absorb ? await options.absorb(trx, locked) : locked;
    if (row.submitted_at) return { outcome: 'submitted', version: row.version, answers: row.answers };
    if (options.expectedVersion !== null && options.expectedVersion !== row.version) {
      return { outcome: 'conflict', version: row.version, answers: row.answers };
    }
    const answers = options.prepare({ ...row.answers, ...options.changes }, row.answers, row);
    const version = row.version + 1;
    await trx('applications')
      .where({ user_id: userId })
      .update({ answers: JSON.stringify(answers), version, updated_at: options.now });
    return { outcome: 'saved', version, answers };
  });
}

export type OpenWrite<T> = { submitted: true } | { submitted: false; value: T };

/**
 * Runs `write` in one transaction holding the application row's lock, unless the application is submitted
 * (then nothing is written). A submit that commits first is seen here; one that comes second waits for
 * this lock, so no write can land on a submitted application. `write` must use `trx` only (PGlite has one
 * connection); throwing from it rolls everything back.
 */
export async function writeOpenApplication<T>(
  knex: Knex,
  userId: string,
  now: Date,
  write: (trx: Knex.Transaction, row: ApplicationRead) => Promise<T>,
): Promise<OpenWrite<T>> {
  return knex.transaction(async (trx) => {
    const row = await lockApplication(trx, userId, now);
    if (row.submitted_at) return { submitted: true as const };
    return { submitted: false as const, value: await write(trx, row) };
  });
}

export async function setLastPage(trx: Knex.Transaction, userId: string, lastPage: string, now: Date): Promise<void> {
  await trx('applications').where({ user_id: userId }).update({ last_page: lastPage, updated_at: now });
}

export async function setValidations(trx: Knex.Transaction, userId: string, validations: unknown, now: Date): Promise<void> {
  await trx('applications')
    .where({ user_id: userId })
    .update({ validations: JSON.stringify(validations), updated_at: now });
}

export async function setAddAnother(
  trx: Knex.Transaction,
  row: ApplicationRead,
  buttonId: string,
  count: number,
  now: Date,
): Promise<Record<string, number>> {
  const addAnother = { ...row.add_another, [buttonId]: count };
  await trx('applications')
    .where({ user_id: row.user_id })
    .update({ add_another: JSON.stringify(addAnother), updated_at: now });
  return addAnother;
}

/** Records the chosen tabs and the answers as cleared for them, in the caller's locked transaction. */
export async function setTabs(
  trx: Knex.Transaction,
  row: ApplicationRead,
  update: { tabs: Record<string, string>; answers: StoredAnswers; now: Date },
): Promise<{ tabs: Record<string, string>; version: number }> {
  const changed = JSON.stringify(update.answers) !== JSON.stringify(row.answers);
  const version = changed ? row.version + 1 : row.version;
  await trx('applications')
    .where({ user_id: row.user_id })
    .update({ tabs: JSON.stringify(update.tabs), answers: JSON.stringify(update.answers), version, updated_at: update.now });
  return { tabs: update.tabs, version };
}

export async function recordWebStatus(knex: Knex, userId: string, webStatus: WebStatus, now: Date): Promise<void> {
  await knex('web_statuses')
    .insert({ user_id: userId, web_status: webStatus, recorded_at: now })
    .onConflict(['user_id', 'web_status'])
    .ignore();
}

export async function webStatusesOf(knex: Knex, userId: string): Promise<string[]> {
  const rows = await knex('web_statuses').where({ user_id: userId }).orderBy('recorded_at').select<{ web_status: string }[]>('web_status');
  return rows.map((r) => r.web_status);
}
