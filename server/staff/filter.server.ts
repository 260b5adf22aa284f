import type { Request } from 'express';
import {
  DECISION_FILTERS,
  RESIDENCY_FILTERS,
  STAFF_STATUSES,
  TRANSCRIPT_FILTERS,
  type DecisionFilter,
  type ResidencyFilter,
  type StaffCursor,
  type StaffFilter,
  type StaffStatus,
  type TranscriptFilter,
} from '../../db/repos/staff-applications.server.js';
import { fieldByKey, optionsFor } from '../../form/fields.js';
import { staffKeys } from '../../form/staff-keys.js';
import { STATES_AND_PROVINCES } from '../../form/options.js';
import { isReadingStage } from '../../domain/reading/stages.js';
import { admissionTerms } from '../../form/admission-cycle.js';
import type { Option } from '../../form/types.js';
import { REPLY_FILTERS, type ReplyFilter } from '../../db/repos/replies.server.js';

/**
 * The entry terms the form offers (the filter's choices). An office page's data module passes the configured
 * cycle (services.config.admissionCycle): it runs in vike's server bundle, whose copy of form/admission-cycle.ts
 * the server's start-up never configured.
 */
export function entryTermOptions(now: Date, cycle?: number | null): readonly Option[] {
  if (typeof cycle === 'number') return admissionTerms(cycle).entry;
  const field = fieldByKey(staffKeys().entryTerm);
  return field ? optionsFor(field.question, {}, now) : [];
}

/** The majors the form offers (the filter's choices and the list's labels). */
export function majorOptions(now: Date): readonly Option[] {
  const field = fieldByKey(staffKeys().major);
  return field ? optionsFor(field.question, {}, now) : [];
}

export const STATE_OPTIONS: readonly Option[] = STATES_AND_PROVINCES;

function text(value: unknown, max: number): string {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

function oneOf<T extends string>(allowed: readonly T[], value: string): T | null {
  return (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

/** The GET filter of /staff (and of the exports, the saved views); unknown values are ignored rather than refused. */
export function filterFromQuery(query: URLSearchParams, now: Date, cycle?: number | null): StaffFilter {
  const get = (name: string, max: number) => text(query.get(name), max);
  const term = get('term', 40);
  const stage = get('stage', 30);
  const state = get('state', 10);
  const major = get('major', 40);
  return {
    q: get('q', 200),
    status: oneOf<StaffStatus>(STAFF_STATUSES, get('status', 20)),
    term: term && entryTermOptions(now, cycle).some((o) => o.value === term) ? term : null,
    transcript: oneOf<TranscriptFilter>(TRANSCRIPT_FILTERS, get('transcript', 20)),
    decision: oneOf<DecisionFilter>(DECISION_FILTERS, get('decision', 20)),
    stage: isReadingStage(stage) ? stage : null,
    reader: get('reader', 254) || null,
    school: get('school', 200) || null,
    state: state && STATE_OPTIONS.some((o) => o.value === state) ? state : null,
    major: major && majorOptions(now).some((o) => o.value === major) ? major : null,
    residency: oneOf<ResidencyFilter>(RESIDENCY_FILTERS, get('residency', 20)),
    reply: oneOf<ReplyFilter>(REPLY_FILTERS, get('reply', 20)),
  };
}

/** The filter of an Express request (a POST's target keeps the list's filters in its query). */
export function filterFrom(req: Request, now: Date): StaffFilter {
  const q = req.originalUrl.indexOf('?');
  return filterFromQuery(new URLSearchParams(q === -1 ? '' : req.originalUrl.slice(q + 1)), now);
}

/** The filter as the list's query string ('?…', or '' for every application); `extra` adds e.g. the page cursor. */
export function filterQuery(filter: StaffFilter, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  const values: Record<string, string | null | undefined> = {
    q: filter.q,
    status: filter.status,
    term: filter.term,
    transcript: filter.transcript,
    decision: filter.decision,
    stage: filter.stage,
    reader: filter.reader,
    school: filter.school,
    state: filter.state,
    major: filter.major,
    residency: filter.residency,
    reply: filter.reply,
  };
  for (const [k, v] of Object.entries(values)) if (v) params.set(k, v);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function encodeCursor(cursor: StaffCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function decodeCursor(value: unknown): StaffCursor | null {
  if (typeof value !== 'string' || value.length > 200) return null;
  try {
    const c = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as StaffCursor;
    if (
      (c.g === 0 || c.g === 1) &&
      typeof c.at === 'string' &&
      !Number.isNaN(Date.parse(c.at)) &&
      typeof c.id === 'string' &&
      UUID.test(c.id)
    )
      return c;
  } catch {
    // falls through
  }
  return null;
}

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
