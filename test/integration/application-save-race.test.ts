import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Knex } from 'knex';
import { bothDatabases } from '../security/databases.js';
import type { TestDatabase } from '../helpers/db.js';
import { createUserWithSession } from '../helpers/users.js';
import { ensureApplication, saveAnswers, type SaveAnswersOptions, type StoredAnswers } from '../../db/repos/applications.server.js';

/**
 * The save's common case reads the row, then sends one UPDATE conditional on what it read. When another
 * write commits between the two, that UPDATE matches nothing and the save is redone under the row lock:
 * these tests put a write exactly there. On PostgreSQL the write holds the row's lock before the save starts
 * and commits once the save's UPDATE has been sent (which then waits, and re-checks its WHERE); on PGlite,
 * whose one connection runs statements in the order sent, the write is sent between the read and the UPDATE.
 */
describe.each(bothDatabases())("%s: a write between the save's read and its update", (kind, open) => {
  let db: TestDatabase;
  const now = new Date('2026-11-24T06:00:00Z');
  const keep = (merged: StoredAnswers) => merged;

  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db?.drop());

  async function applicant(answers: StoredAnswers = { first_name: 'Ada' }): Promise<string> {
    const user = await createUserWithSession(db.knex, now);
    await ensureApplication(db.knex, user.id, now);
    await db
      .knex('applications')
      .where({ user_id: user.id })
      .update({ answers: JSON.stringify(answers), version: 1 });
    return user.id;
  }

  /** Runs the save with `write` committed after its read and before its conditional update. */
  async function saveWithWriteBetween(
    userId: string,
    options: Omit<SaveAnswersOptions, 'prepare'> & { prepare?: SaveAnswersOptions['prepare'] },
    write: (knex: Knex) => PromiseLike<unknown>,
  ) {
    const prepare = options.prepare ?? keep;
    if (kind === 'PGlite') {
      let sent: Promise<unknown> | null = null;
      const outcome = await saveAnswers(db.knex, userId, {
        ...options,
        prepare: (merged, previous, row) => {
          // A query builder runs when `then` is called: called here, it is sent before the save's UPDATE.
          sent ??= new Promise((resolve, reject) => write(db.knex).then(resolve, reject));
          return prepare(merged, previous, row);
        },
      });
      await sent;
      return outcome;
    }
    const trx = await db.knex.transaction();
    await write(trx);
    const commitOnUpdate = (q: { sql: string }) => {
      if (/^update "applications"/i.test(q.sql) && /returning/i.test(q.sql)) {
        db.knex.off('query', commitOnUpdate);
        setTimeout(() => void trx.commit(), 50);
      }
    };
    db.knex.on('query', commitOnUpdate);
    try {
      return await saveAnswers(db.knex, userId, { ...options, prepare });
    } finally {
      db.knex.off('query', commitOnUpdate);
      if (!trx.isCompleted()) await trx.rollback();
    }
  }

  it('a submit in between: nothing is written and the save answers "submitted"', async () => {
    const userId = await applicant();
    const outcome = await saveWithWriteBetween(userId, { changes: { first_name: 'Bea' }, expectedVersion: 1, now }, (k) =>
      k('applications').where({ user_id: userId }).update({ submitted_at: now }),
    );
    expect(outcome).toEqual({ outcome: 'submitted', version: 1, answers: { first_name: 'Ada' } });
    expect((await db.knex('applications').where({ user_id: userId }).first('answers')).answers).toEqual({ first_name: 'Ada' });
  });

  it("another save in between: a save with If-Match gets the conflict and the other save's answers", async () => {
    const userId = await applicant();
    const outcome = await saveWithWriteBetween(userId, { changes: { first_name: 'Bea' }, expectedVersion: 1, now }, (k) =>
      k('applications')
        .where({ user_id: userId })
        .update({ answers: JSON.stringify({ first_name: 'Cy' }), version: 2 }),
    );
    expect(outcome).toEqual({ outcome: 'conflict', version: 2, answers: { first_name: 'Cy' } });
  });

  it('another save in between: a save without If-Match is applied on top of it', async () => {
    const userId = await applicant();
    const outcome = await saveWithWriteBetween(userId, { changes: { last_name: 'Lovelace' }, expectedVersion: null, now }, (k) =>
      k('applications')
        .where({ user_id: userId })
        .update({ answers: JSON.stringify({ first_name: 'Cy' }), version: 2 }),
    );
    expect(outcome).toEqual({ outcome: 'saved', version: 3, answers: { first_name: 'Cy', last_name: 'Lovelace' } });
  });

  it('the UI state changed in between (no new version): the answers are prepared again with the state as it now is', async () => {
    const userId = await applicant();
    const seen: Array<Record<string, string>> = [];
    const outcome = await saveWithWriteBetween(
      userId,
      {
        changes: { last_name: 'Lovelace' },
        expectedVersion: 1,
        now,
        prepare: (merged, _previous, row) => {
          seen.push(row.tabs);
          return merged;
        },
      },
      (k) =>
        k('applications')
          .where({ user_id: userId })
          .update({ tabs: JSON.stringify({ 'transcript-source': 'upload' }) }),
    );
    expect(outcome).toEqual({ outcome: 'saved', version: 2, answers: { first_name: 'Ada', last_name: 'Lovelace' } });
    expect(seen).toEqual([{}, { 'transcript-source': 'upload' }]);
  });

  it('nothing in between: one read and one update, no transaction', async () => {
    const userId = await applicant();
    const sql: string[] = [];
    const listen = (q: { sql: string }) => sql.push(q.sql);
    db.knex.on('query', listen);
    const outcome = await saveAnswers(db.knex, userId, { changes: { last_name: 'Lovelace' }, expectedVersion: 1, now, prepare: keep });
    db.knex.off('query', listen);
    expect(outcome).toEqual({ outcome: 'saved', version: 2, answers: { first_name: 'Ada', last_name: 'Lovelace' } });
    expect(sql).toHaveLength(2);
    expect(sql[0]).toMatch(/^select/i);
    expect(sql[1]).toMatch(/^update "applications"/i);
  });
});
