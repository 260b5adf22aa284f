import type { Request } from 'express';
import { DECISION_FILTERS, STAFF_STATUSES, TRANSCRIPT_FILTERS, type DecisionFilter, type StaffCursor, type StaffFilter, type StaffStatus, type TranscriptFilter } from '../../db/repos/staff-applications.server.js';
import { fieldByKey, optionsFor } from '../../form/fields.js';
import { staffKeys } from '../../form/staff-keys.js';
import type { Option } from '../../form/types.js';

/** The entry terms the form offers (the filter's choices). */
export function entryTermOptions(now: Date): readonly Option[] {
  const field = fieldByKey(staffKeys().entryTerm);
  return field ? optionsFor(field.question, {}, now) : [];
}

function text(value: unknown, max: number): string {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

/** The GET filter of /staff (and of the exports); unknown values are ignored rather than refused. */
export function filterFrom(req: Request, now: Date): StaffFilter {
  const status = text(req.query.status, 20);
  const term = text(req.query.term, 40);
  const transcript = text(req.query.transcript, 20);
  const decision = text(req.query.decision, 20);
  return {
    q: text(req.query.q, 200),
    status: (STAFF_STATUSES as readonly string[]).includes(status) ? (status as StaffStatus) : null,
    term: term && entryTermOptions(now).some((o) => o.value === term) ? term : null,
    transcript: (TRANSCRIPT_FILTERS as readonly string[]).includes(transcript) ? (transcript as TranscriptFilter) : null,
    decision: (DECISION_FILTERS as readonly string[]).includes(decision) ? (decision as DecisionFilter) : null,
  };
}

export function encodeCursor(cursor: StaffCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function decodeCursor(value: unknown): StaffCursor | null {
  if (typeof value !== 'string' || value.length > 200) return null;
  try {
    const c = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as StaffCursor;
    if ((c.g === 0 || c.g === 1) && typeof c.at === 'string' && !Number.isNaN(Date.parse(c.at)) && typeof c.id === 'string' && UUID.test(c.id)) return c;
  } catch {
    // falls through
  }
  return null;
}

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
