import type { ReplyFilter, ReplyRow } from '../../db/repos/replies.server.js';
import type { StaffListRow } from '../../db/repos/staff-applications.server.js';

/** The desk's words for replies and deposit waivers (issue 39): the list's filter and its Reply column. */

export const REPLY_FILTER_LABELS: Record<ReplyFilter, string> = {
  none: 'Not replied yet',
  enroll: 'Will enroll',
  decline: 'Will not enroll',
  stay: 'Stays on the waitlist',
  leave: 'Leaves the waitlist',
  'waiver-requested': 'Waiver requested',
  'waiver-approved': 'Waiver approved',
  'waiver-declined': 'Waiver declined',
};

const WAIVER_CELL = { requested: 'waiver requested', approved: 'waiver approved', declined: 'waiver declined' } as const;

/** "Will enroll, waiver requested"; "Not replied yet" for a released admit or waitlist; '' when nothing is asked. */
export function replyCell(row: Pick<StaffListRow, 'decision' | 'decision_released_at'>, reply: ReplyRow | undefined): string {
  if (reply)
    return [REPLY_FILTER_LABELS[reply.answer], reply.waiver_status ? WAIVER_CELL[reply.waiver_status] : null].filter(Boolean).join(', ');
  return row.decision_released_at && row.decision !== 'deny' ? REPLY_FILTER_LABELS.none : '';
}
