import type { Knex } from 'knex';
import { staffKeys } from '../../form/staff-keys.js';
import { applyReplyFilter, type ReplyFilter } from './replies.server.js';

/** §4 web status as the staff desk filters by it: 'none' before the first recorded status. */
export const STAFF_STATUSES = ['submitted', 'validating', 'started', 'none'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

const RECOGNISED = ['started', 'validating', 'submitted'];
/** The derived web status is the count of distinct recognised statuses (page-data's derivedWebStatus). */
const STATUS_BY_COUNT: Record<number, StaffStatus> = { 0: 'none', 1: 'started', 2: 'validating', 3: 'submitted' };
const COUNT_BY_STATUS: Record<StaffStatus, number> = { none: 0, started: 1, validating: 2, submitted: 3 };

/** The transcript checklist as the desk filters by it ('needed': submitted, neither requested nor received). */
export const TRANSCRIPT_FILTERS = ['needed', 'requested', 'received'] as const;
export type TranscriptFilter = (typeof TRANSCRIPT_FILTERS)[number];
/** The decision as the desk filters by it: none recorded, recorded but not released, or the decision itself. */
export const DECISION_FILTERS = ['none', 'unreleased', 'admit', 'deny', 'waitlist'] as const;
export type DecisionFilter = (typeof DECISION_FILTERS)[number];

/** Residency as the desk filters by it: a legal resident of a state that asks (form/staff-keys.ts), or not. */
export const RESIDENCY_FILTERS = ['resident', 'nonresident'] as const;
export type ResidencyFilter = (typeof RESIDENCY_FILTERS)[number];

export interface StaffFilter {
  q: string;
  status: StaffStatus | null;
  term: string | null;
  transcript?: TranscriptFilter | null;
  decision?: DecisionFilter | null;
  /** The reading stage as staff see it (decided and released from the decision row). */
  stage?: string | null;
  /** A reader assigned to the application, in either round. */
  reader?: string | null;
  /** The first high school: its CEEB code, or the start of its name. */
  school?: string | null;
  /** The first high school's state. */
  state?: string | null;
  major?: string | null;
  residency?: ResidencyFilter | null;
  reply?: ReplyFilter | null;
}

/** Position after the last row shown: group 0 = submitted, 1 = not yet; then moment and id, descending. */
export interface StaffCursor {
  g: 0 | 1;
  at: string;
  id: string;
}

export interface StaffListRow {
  user_id: string;
  /** The submission reference (e.g. FA-7K3M9Q), once submitted. */
  reference: string | null;
  username: string;
  first_name: string | null;
  last_name: string | null;
  hs_ceeb: string | null;
  /** The first high school's name and state: as answered, else the lookup's for its CEEB code. */
  hs_name: string | null;
  hs_state: string | null;
  major: string | null;
  /** The applicant's own address's state and their answer to the residency question. */
  address_state: string | null;
  residency: string | null;
  /** The stored reading stage (null before the first reading step). */
  reading_stage: string | null;
  entry_term: string | null;
  submitted_at: Date | null;
  /** The deadline round the submission came in under (docs/deadlines.md); null before submitting or without DEADLINES. */
  deadline_round: string | null;
  created_at: Date;
  status: StaffStatus;
  /** The transcript checklist (null: not submitted, or submitted before checklists and never opened since). */
  transcript_status: 'needed' | 'requested' | 'received' | null;
  transcript_received_via: string | null;
  transcript_received_at: Date | null;
  decision: 'admit' | 'deny' | 'waitlist' | null;
  decision_released_at: Date | null;
}

const answer = (key: string) => `a.answers->>'${key.replace(/'/g, "''")}'`;

/** A school field as answered, else the lookup's record for the answered CEEB code (an application the CRM filled, say). */
function schoolField(field: 'name' | 'state'): string {
  const keys = staffKeys();
  const own = answer(field === 'name' ? keys.hsName : keys.hsState);
  return `coalesce(nullif(${own}, ''), (select l.${field} from lookup_school l where l.category = 'hs_ceeb' and l.ceeb = ${answer(keys.hsCeeb)} limit 1))`;
}

/** The stage as staff see it (db/repos/reading-stages.server.ts effectiveStage), in SQL for the filter. */
const STAGE_SQL = `case
  when a.submitted_at is null then null
  when exists (select 1 from decisions d where d.user_id = a.user_id and d.released_at is not null) then 'released'
  when exists (select 1 from decisions d where d.user_id = a.user_id) then 'decided'
  else coalesce((select r.stage from application_reading r where r.user_id = a.user_id),
    case when exists (select 1 from transcript_checklist t where t.user_id = a.user_id and t.status = 'received') then 'ready_for_review' else 'incomplete' end)
end`;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The filter's conditions on `applications a` joined with `users u`; every one is served by an index. */
export function applyStaffFilter(
  query: Knex.QueryBuilder,
  filter: StaffFilter,
  options: { withStatus: boolean } = { withStatus: true },
): Knex.QueryBuilder {
  const keys = staffKeys();
  const q = filter.q.trim().toLowerCase().replace(/\s+/g, ' ');
  if (q) {
    const first = `lower(${answer(keys.firstName)})`;
    const last = `lower(${answer(keys.lastName)})`;
    const starts = (column: string, value: string) => [`${column} like ? escape '\\'`, [`${escapeLike(value)}%`]] as const;
    if (/^fa-[a-z0-9]{6}$/.test(q)) {
      query.where('a.reference', q.toUpperCase());
    } else if (/^\d{3,}$/.test(q)) {
      query.whereRaw(`(${answer(keys.hsCeeb)}) = ?`, [q]);
    } else if (q.includes(',')) {
      // "Christensen, Maya": the list's own format, family name first; either part may be the start of a name.
      const [family = '', given = ''] = q.split(',').map((part) => part.trim());
      query.whereRaw(...starts(last, family));
      if (given) query.whereRaw(...starts(first, given));
    } else if (q.includes('@') || (q.includes('.') && !q.includes(' '))) {
      // Part of an e-mail address: anywhere in it (this alone reads the users table through; names and schools use indexes).
      query.whereRaw(`u.username like ? escape '\\'`, [`%${escapeLike(q)}%`]);
    } else {
      const words = q.split(' ');
      const school = `lower(${answer(keys.hsName)})`;
      // A name (one word, or given and family in either order) or the start of a school's name: each an index
      // range on applications, which the planner ORs together.
      query.where((w) => {
        if (words.length >= 2) {
          const [a, ...rest] = words;
          const b = rest.join(' ');
          w.where((x) => x.whereRaw(...starts(first, a!)).whereRaw(...starts(last, b)));
          w.orWhere((x) => x.whereRaw(...starts(last, a!)).whereRaw(...starts(first, b)));
        } else {
          w.whereRaw(...starts(last, q)).orWhereRaw(...starts(first, q));
        }
        w.orWhereRaw(...starts(school, q));
      });
    }
  }
  if (filter.transcript === 'needed') {
    query
      .whereNotNull('a.submitted_at')
      .whereRaw(`not exists (select 1 from transcript_checklist t where t.user_id = a.user_id and t.status in ('requested', 'received'))`);
  } else if (filter.transcript) {
    query.whereRaw('exists (select 1 from transcript_checklist t where t.user_id = a.user_id and t.status = ?)', [filter.transcript]);
  }
  if (filter.decision === 'none') query.whereRaw('not exists (select 1 from decisions d where d.user_id = a.user_id)');
  else if (filter.decision === 'unreleased')
    query.whereRaw('exists (select 1 from decisions d where d.user_id = a.user_id and d.released_at is null)');
  else if (filter.decision)
    query.whereRaw('exists (select 1 from decisions d where d.user_id = a.user_id and d.decision = ?)', [filter.decision]);
  if (filter.term) query.whereRaw(`(${answer(keys.entryTerm)}) = ?`, [filter.term]);
  applyReadingFilter(query, filter);
  applyReplyFilter(query, filter.reply);
  if (options.withStatus && filter.status) query.whereRaw(`${statusCount()} = ?`, [COUNT_BY_STATUS[filter.status]]);
  return query;
}

/** The list's filters of issue 37: stage, reader, school, state, major, residency. */
function applyReadingFilter(query: Knex.QueryBuilder, filter: StaffFilter): void {
  const keys = staffKeys();
  if (filter.stage) query.whereRaw(`(${STAGE_SQL}) = ?`, [filter.stage]);
  if (filter.reader)
    query.whereRaw('exists (select 1 from reading_assignments ra where ra.user_id = a.user_id and ra.reader = ?)', [filter.reader]);
  const school = filter.school?.trim().toLowerCase();
  if (school && /^\d{3,}$/.test(school)) query.whereRaw(`(${answer(keys.hsCeeb)}) = ?`, [school]);
  else if (school) query.whereRaw(`lower(${schoolField('name')}) like ? escape '\\'`, [`${escapeLike(school)}%`]);
  if (filter.state) query.whereRaw(`(${schoolField('state')}) = ?`, [filter.state]);
  if (filter.major) query.whereRaw(`(${answer(keys.major)}) = ?`, [filter.major]);
  if (filter.residency) {
    const resident = `(${answer(keys.addressState)}) in (${keys.residency.states.map(() => '?').join(', ')}) and (${answer(keys.residency.key)}) = 'Y'`;
    query.whereRaw(filter.residency === 'resident' ? resident : `not coalesce(${resident}, false)`, [...keys.residency.states]);
  }
}

function statusCount(): string {
  return `(select count(*) from web_statuses w where w.user_id = a.user_id and w.web_status in (${RECOGNISED.map((s) => `'${s}'`).join(', ')}))::int`;
}

function baseQuery(knex: Knex) {
  const keys = staffKeys();
  return knex('applications as a')
    .join('users as u', 'u.id', 'a.user_id')
    .select(
      'a.user_id',
      'a.reference',
      'u.username',
      knex.raw(`${answer(keys.firstName)} as first_name`),
      knex.raw(`${answer(keys.lastName)} as last_name`),
      knex.raw(`${answer(keys.hsCeeb)} as hs_ceeb`),
      knex.raw(`${answer(keys.entryTerm)} as entry_term`),
      knex.raw(`${schoolField('name')} as hs_name`),
      knex.raw(`${schoolField('state')} as hs_state`),
      knex.raw(`${answer(keys.major)} as major`),
      knex.raw(`${answer(keys.addressState)} as address_state`),
      knex.raw(`${answer(keys.residency.key)} as residency`),
      knex.raw('(select r.stage from application_reading r where r.user_id = a.user_id) as reading_stage'),
      'a.submitted_at',
      'a.deadline_round',
      'a.created_at',
      knex.raw(`${statusCount()} as status_count`),
      knex.raw('(select t.status from transcript_checklist t where t.user_id = a.user_id) as transcript_status'),
      knex.raw('(select t.received_via from transcript_checklist t where t.user_id = a.user_id) as transcript_received_via'),
      knex.raw('(select t.received_at from transcript_checklist t where t.user_id = a.user_id) as transcript_received_at'),
      knex.raw('(select d.decision from decisions d where d.user_id = a.user_id) as decision'),
      knex.raw('(select d.released_at from decisions d where d.user_id = a.user_id) as decision_released_at'),
    );
}

/**
 * One page of the staff list: submitted applications first, each group newest first, keyset-paged.
 * Each group is one range scan of its partial index (applications_staff_submitted / _unsubmitted) read
 * backwards, so a page
 * costs the same at row 100,000 as at row 1.
 */
export async function listStaffApplications(
  knex: Knex,
  filter: StaffFilter,
  cursor: StaffCursor | null,
  limit: number,
): Promise<{ rows: StaffListRow[]; next: StaffCursor | null }> {
  const rows: Array<StaffListRow & { status_count?: number }> = [];
  for (const group of [0, 1] as const) {
    if (cursor && group < cursor.g) continue;
    const query = staffPageQuery(knex, filter, group, cursor && cursor.g === group ? cursor : null, limit + 1 - rows.length);
    rows.push(...((await query) as Array<StaffListRow & { status_count: number }>));
    if (rows.length > limit) break;
  }
  const page = rows.slice(0, limit).map(({ status_count, ...row }) => ({ ...row, status: STATUS_BY_COUNT[status_count ?? 0] ?? 'none' }));
  const last = page.at(-1);
  const next =
    rows.length > limit && last
      ? ({
          g: last.submitted_at ? 0 : 1,
          at: new Date(last.submitted_at ?? last.created_at).toISOString(),
          id: last.user_id,
        } as StaffCursor)
      : null;
  return { rows: page, next };
}

/** The query of one group's page (exported for the EXPLAIN test). */
export function staffPageQuery(knex: Knex, filter: StaffFilter, group: 0 | 1, after: StaffCursor | null, limit: number): Knex.QueryBuilder {
  const query = applyStaffFilter(baseQuery(knex), filter).whereRaw(group === 0 ? 'a.submitted_at is not null' : 'a.submitted_at is null');
  if (after) query.whereRaw('(coalesce(a.submitted_at, a.created_at), a.user_id) < (?, ?)', [after.at, after.id]);
  return query.orderByRaw('coalesce(a.submitted_at, a.created_at) desc, a.user_id desc').limit(limit);
}

/** How many applications of the filter (search and term; not status) have each status. */
export async function countByStatus(knex: Knex, filter: StaffFilter): Promise<Record<StaffStatus, number>> {
  const query = applyStaffFilter(knex('applications as a').join('users as u', 'u.id', 'a.user_id'), filter, { withStatus: false })
    .leftJoin(
      knex('web_statuses').whereIn('web_status', RECOGNISED).groupBy('user_id').select('user_id', knex.raw('count(*)::int as n')).as('w'),
      'w.user_id',
      'a.user_id',
    )
    .select(knex.raw('coalesce(w.n, 0)::int as n'), knex.raw('count(*)::int as count'))
    .groupByRaw('coalesce(w.n, 0)');
  const counts: Record<StaffStatus, number> = { submitted: 0, validating: 0, started: 0, none: 0 };
  for (const row of (await query) as Array<{ n: number; count: number }>) counts[STATUS_BY_COUNT[row.n] ?? 'none'] += row.count;
  return counts;
}

/** Every application of the filter in list order, a page at a time (CSV export, PDF bundle). */
export async function* eachStaffApplication(knex: Knex, filter: StaffFilter, pageSize = 500): AsyncGenerator<StaffListRow> {
  let cursor: StaffCursor | null = null;
  do {
    const page = await listStaffApplications(knex, filter, cursor, pageSize);
    yield* page.rows;
    cursor = page.next;
  } while (cursor);
}

export async function findStaffApplication(
  knex: Knex,
  userId: string,
): Promise<{ user_id: string; username: string; answers: Record<string, string | boolean>; submitted_at: Date | null } | null> {
  const row = await knex('applications as a')
    .join('users as u', 'u.id', 'a.user_id')
    .where('a.user_id', userId)
    .first('a.user_id', 'u.username', 'a.answers', 'a.submitted_at');
  return row ?? null;
}

/** Everyone who has been given an application to read (the list's reader filter). */
export async function listReaders(knex: Knex): Promise<string[]> {
  const rows = (await knex('reading_assignments').distinct('reader').orderBy('reader').limit(500)) as Array<{ reader: string }>;
  return rows.map((r) => r.reader);
}

/** One application as the list shows it (reference, status, names), for the staff application page. */
export async function findStaffListRow(knex: Knex, userId: string): Promise<StaffListRow | null> {
  const row = (await baseQuery(knex).where('a.user_id', userId).first()) as (StaffListRow & { status_count?: number }) | undefined;
  if (!row) return null;
  const { status_count, ...rest } = row;
  return { ...rest, status: STATUS_BY_COUNT[status_count ?? 0] ?? 'none' };
}
