import { once } from 'node:events';
import type { Response } from 'express';
import type { Knex } from 'knex';
import { stringify } from 'csv-stringify';
import { answerColumns } from '../../form/answer-columns.js';
import { displayValue } from '../../form/display.js';
import type { Question } from '../../form/types.js';
import { eachStaffApplication, type StaffFilter, type StaffListRow } from '../../db/repos/staff-applications.server.js';
import { repliesFor } from '../../db/repos/replies.server.js';

const FIXED_COLUMNS = [
  'application_id',
  'reference',
  'email',
  'web_status',
  'submitted_at',
  'created_at',
  'transcript_status',
  'transcript_received_via',
  'transcript_received_at',
  'decision',
  'decision_released_at',
  // The reply to an offer or waitlist place and the deposit waiver's status (issue 39), codes as in the feed.
  'reply',
  'replied_at',
  'deposit_waiver',
];

/**
 * Questions whose stored value is a code or a machine date (options, checkboxes, dates, the school search):
 * the CSV carries the raw value under the key and the text people read under `<key>_text`. Free text keeps one
 * column; an SSN keeps only its masked display (the export never spreads a full number).
 */
const CODED_KINDS = new Set(['select', 'dependentSelect', 'radio', 'checkbox', 'date', 'autocomplete']);
const isCoded = (q: Question) => CODED_KINDS.has(q.kind);

function rawValue(value: string | boolean | undefined): string {
  if (value === undefined) return '';
  return typeof value === 'boolean' ? (value ? 'true' : 'false') : value;
}

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : '');

/** A byte-order mark first: Excel then reads the file as UTF-8 (names with accents stay intact). */
export const CSV_BOM = '\uFEFF';
const PAGE = 500;

/**
 * A spreadsheet runs a cell starting with = + - @ (or a tab or CR before one) as a formula, and one that
 * splits on `;` or `|` (many locales) starts a new cell after each of them: `Maria;=1+1;` runs `=1+1`. Such a
 * cell gets a leading single quote (OWASP's CSV-injection advice), and QUOTED_MATCH below wraps it in double
 * quotes, so no separator inside it starts a cell of its own.
 */
const FORMULA_START = /(^|[;,|\t\r\n])[\s"']*[=+\-@\t\r]/;
/** csv-stringify quotes every cell containing a separator of any locale (it quotes `,` anyway). */
const QUOTED_MATCH = /[;,|\t\r\n]/;

export function safeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * Streams the applications of the filter as CSV, in list order: fixed columns (ISO 8601 times, the checklist
 * and the decision as codes), then the questions of the form definition named by their keys: a coded answer's
 * raw value beside its display text (`<key>_text`), free text as displayed (form/'s displayValue).
 */
export async function streamCsv(knex: Knex, filter: StaffFilter, res: Response): Promise<number> {
  const questions = answerColumns();
  const columns = questions.flatMap((q) => (isCoded(q) ? [q.key, `${q.key}_text`] : [q.key]));
  const csv = stringify({ header: true, quoted_match: QUOTED_MATCH, columns: [...FIXED_COLUMNS, ...columns] });
  res.write(CSV_BOM);
  csv.pipe(res);
  let count = 0;
  let batch: StaffListRow[] = [];
  const flush = async () => {
    const answers = new Map<string, Record<string, string | boolean>>();
    const ids = batch.map((r) => r.user_id);
    for (const row of (await knex('applications').whereIn('user_id', ids).select('user_id', 'answers')) as Array<{
      user_id: string;
      answers: Record<string, string | boolean>;
    }>) {
      answers.set(row.user_id, row.answers);
    }
    const replies = await repliesFor(knex, ids);
    for (const row of batch) {
      const given = answers.get(row.user_id) ?? {};
      const record = [
        row.user_id,
        row.reference ?? '',
        safeCell(row.username),
        row.status,
        iso(row.submitted_at),
        iso(row.created_at),
        row.transcript_status ?? (row.submitted_at ? 'needed' : ''),
        row.transcript_received_via ?? '',
        iso(row.transcript_received_at),
        row.decision ?? '',
        iso(row.decision_released_at),
        replies.get(row.user_id)?.answer ?? '',
        iso(replies.get(row.user_id)?.replied_at ?? null),
        replies.get(row.user_id)?.waiver_status ?? '',
        ...questions.flatMap((q) =>
          isCoded(q) ? [safeCell(rawValue(given[q.key])), safeCell(displayValue(q, given))] : [safeCell(displayValue(q, given))],
        ),
      ];
      count += 1;
      if (!csv.write(record)) await once(csv, 'drain');
    }
    batch = [];
  };
  for await (const row of eachStaffApplication(knex, filter, PAGE)) {
    batch.push(row);
    if (batch.length >= PAGE) await flush();
  }
  if (batch.length > 0) await flush();
  csv.end();
  await once(res, 'finish');
  return count;
}
