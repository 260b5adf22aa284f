import type { AppServices } from '../../platform/app-services.server.js';
import type { OfficeRequest } from '../office-page.server.js';
import type { FilterChoice, ListFilterField, StaffListPageData, StaffListRowData } from '../../contracts/staff-list-data.js';
import {
  DECISION_FILTERS,
  RESIDENCY_FILTERS,
  STAFF_STATUSES,
  TRANSCRIPT_FILTERS,
  countByStatus,
  listReaders,
  listStaffApplications,
  type StaffFilter,
  type StaffListRow,
} from '../../db/repos/staff-applications.server.js';
import { listSavedViews } from '../../db/repos/staff-saved-views.server.js';
import { READING_STAGES, STAGE_LABELS } from '../../domain/reading/stages.js';
import { formatDeskTime } from '../../form/local-time.js';
import type { Option } from '../../form/types.js';
import {
  DECISION_FILTER_LABELS,
  RELEASE_BATCH_PATH,
  TRANSCRIPT_FILTER_LABELS,
  decisionCell,
  staffApplicationPath,
  transcriptCell,
} from '../after-submission/staff-labels.js';
import {
  decodeCursor,
  encodeCursor,
  entryTermOptions,
  filterFromQuery,
  filterQuery,
  majorOptions,
  STATE_OPTIONS,
} from './filter.server.js';
import { RESIDENCY_LABELS, STATUS_LABELS, listName, residencyCell, stageCell } from './list-labels.js';
import { countText } from './count-text.js';
import { roundLabel } from '../../domain/deadlines/rounds.server.js';
import { auditOffice } from './audit.server.js';
import { REPLY_FILTERS, repliesFor, type ReplyRow } from '../../db/repos/replies.server.js';
import { REPLY_FILTER_LABELS, replyCell } from '../after-submission/reply-labels.js';

const PAGE_SIZE = 50;

/** What a `?done=…` (or a batch release's `?released=N`) of a redirect back to the list says once. */
function noticeOf(query: URLSearchParams): string | null {
  const released = query.get('released');
  if (released && /^\d{1,9}$/.test(released)) return `${countText(Number(released), 'decision')} released.`;
  const done = query.get('done');
  if (done === 'view-saved') return 'The view was saved. It is listed under "Saved views".';
  if (done === 'view-deleted') return 'The view was deleted.';
  return null;
}

/** GET /staff: the applications, filtered, a page at a time; every reading of the list is in the trail. */
export async function staffListPageData(services: AppServices, office: OfficeRequest): Promise<StaffListPageData> {
  const knex = services.db.knex;
  const now = services.now();
  const cycle = services.config.admissionCycle;
  const filter = filterFromQuery(office.query, now, cycle);
  const cursor = decodeCursor(office.query.get('after'));
  const [page, counts, readers, views] = await Promise.all([
    listStaffApplications(knex, filter, cursor, PAGE_SIZE),
    countByStatus(knex, filter),
    listReaders(knex),
    office.staff ? listSavedViews(knex, office.staff.email) : Promise.resolve([]),
  ]);
  await auditOffice(services, office, 'list', { detail: { filter, page: cursor ? 'later' : 'first' } });
  const total = filter.status ? counts[filter.status] : STAFF_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  const terms = entryTermOptions(now, cycle);
  const majors = majorOptions(now);
  const query = filterQuery(filter);
  const replies = await repliesFor(
    knex,
    page.rows.map((r) => r.user_id),
  );
  return {
    title: 'Applications',
    staffEmail: office.staff?.email ?? null,
    notice: noticeOf(office.query),
    counts: STAFF_STATUSES.map((s) => ({ label: STATUS_LABELS[s], count: counts[s] })),
    matching: `${countText(total, 'application')} ${total === 1 ? 'matches' : 'match'} these filters.`,
    filters: filterFields(filter, { terms, majors, readers }),
    query,
    rows: page.rows.map((row) => rowData(row, { query, terms, majors, timeZone: services.config.timeZone }, replies.get(row.user_id))),
    nextHref: page.next ? `/staff${filterQuery(filter, { after: encodeCursor(page.next) })}` : null,
    savedViews: views.map((v) => ({ id: v.id, name: v.name, href: `/staff${v.query ? `?${v.query}` : ''}` })),
    releasePath: RELEASE_BATCH_PATH,
  };
}

const labelOf = (options: readonly Option[], value: string | null) =>
  value ? (options.find((o) => o.value === value)?.label ?? value) : '';

function rowData(
  row: StaffListRow,
  ctx: { query: string; terms: readonly Option[]; majors: readonly Option[]; timeZone: string },
  reply: ReplyRow | undefined,
): StaffListRowData {
  return {
    id: row.user_id,
    reference: row.reference ?? '',
    name: listName(row),
    email: row.username,
    status: STATUS_LABELS[row.status],
    entryTerm: labelOf(ctx.terms, row.entry_term),
    school: row.hs_name ?? '',
    ceeb: row.hs_ceeb ?? '',
    state: row.hs_state ?? '',
    major: labelOf(ctx.majors, row.major),
    residency: residencyCell(row),
    stage: stageCell(row),
    submitted: row.submitted_at ? formatDeskTime(row.submitted_at, ctx.timeZone) : '',
    round: row.deadline_round ? roundLabel(row.deadline_round) : '',
    transcript: transcriptCell(row),
    decision: decisionCell(row),
    reply: replyCell(row, reply),
    replyHref: row.decision_released_at && row.decision !== 'deny' ? `/staff/applications/${row.user_id}/reply` : null,
    viewHref: `/staff/applications/${row.user_id}${ctx.query}`,
    checklistHref: row.submitted_at ? staffApplicationPath(row.user_id) : null,
    pdfHref: `/staff/applications/${row.user_id}/pdf`,
  };
}

function choices<T extends string>(values: readonly T[], labels: Record<T, string>): FilterChoice[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** The filter form, in the order a staff member narrows the list: who, where, what, how far along. */
export function filterFields(
  filter: StaffFilter,
  options: { terms: readonly Option[]; majors: readonly Option[]; readers: readonly string[] },
): ListFilterField[] {
  const asChoices = (list: readonly Option[]) => list.map((o) => ({ value: o.value, label: o.label }));
  return [
    { name: 'q', label: 'Name (or "Last, First"), e-mail, reference, high school or CEEB', value: filter.q },
    { name: 'status', label: 'Web status', value: filter.status ?? '', choices: choices(STAFF_STATUSES, STATUS_LABELS) },
    { name: 'stage', label: 'Stage', value: filter.stage ?? '', choices: choices(READING_STAGES, STAGE_LABELS) },
    { name: 'reader', label: 'Reader', value: filter.reader ?? '', choices: options.readers.map((r) => ({ value: r, label: r })) },
    { name: 'term', label: 'Entry term', value: filter.term ?? '', choices: asChoices(options.terms) },
    { name: 'school', label: 'High school (name or CEEB)', value: filter.school ?? '' },
    { name: 'state', label: 'School state', value: filter.state ?? '', choices: asChoices(STATE_OPTIONS) },
    { name: 'major', label: 'Intended major', value: filter.major ?? '', choices: asChoices(options.majors) },
    { name: 'residency', label: 'Residency', value: filter.residency ?? '', choices: choices(RESIDENCY_FILTERS, RESIDENCY_LABELS) },
    {
      name: 'transcript',
      label: 'Transcript',
      value: filter.transcript ?? '',
      choices: choices(TRANSCRIPT_FILTERS, TRANSCRIPT_FILTER_LABELS),
    },
    { name: 'decision', label: 'Decision', value: filter.decision ?? '', choices: choices(DECISION_FILTERS, DECISION_FILTER_LABELS) },
    { name: 'reply', label: 'Reply and deposit', value: filter.reply ?? '', choices: choices(REPLY_FILTERS, REPLY_FILTER_LABELS) },
  ];
}

/** A filter in words, as the form's labels and choices say it ("Entry term: Fall 2027; School state: Colorado"); '' for none. */
export function describeFilter(fields: readonly ListFilterField[]): string {
  return fields
    .filter((f) => f.value)
    .map((f) => {
      const name = f.name === 'q' ? 'Search' : f.label.replace(/ \(.*\)$/, '');
      const chosen = f.choices?.find((c) => c.value === f.value)?.label;
      return `${name}: ${chosen ?? `“${f.value}”`}`;
    })
    .join('; ');
}
