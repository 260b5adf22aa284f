import type { DecisionFilter, StaffListRow, TranscriptFilter } from '../../db/repos/staff-applications.server.js';

/** How the staff desk names the checklist and decision states (list, filters, application page, CSV text columns). */
export const TRANSCRIPT_FILTER_LABELS: Record<TranscriptFilter, string> = {
  needed: 'Needed (no request out)',
  requested: 'Requested from the counselor',
  received: 'Received',
};

export const DECISION_FILTER_LABELS: Record<DecisionFilter, string> = {
  none: 'None recorded',
  unreleased: 'Recorded, not released',
  admit: 'Admit',
  deny: 'Deny',
  waitlist: 'Waitlist',
};

export const RECEIVED_VIA_LABELS: Record<string, string> = {
  upload: 'uploaded by the applicant',
  counselor: 'from the counselor',
  'office-paper': 'paper, by the office',
  'office-etranscript': 'e-transcript, by the office',
  integration: 'by the CRM',
};

export const DECISION_LABELS: Record<'admit' | 'deny' | 'waitlist', string> = { admit: 'Admit', deny: 'Deny', waitlist: 'Waitlist' };

/** The batch release's form target (the list's filters ride along in the query). */
export const RELEASE_BATCH_PATH = '/staff/decisions/release';

export function transcriptCell(row: Pick<StaffListRow, 'transcript_status' | 'transcript_received_via' | 'submitted_at'>): string {
  if (!row.submitted_at) return '';
  if (row.transcript_status === 'received')
    return `Received (${RECEIVED_VIA_LABELS[row.transcript_received_via ?? ''] ?? row.transcript_received_via})`;
  if (row.transcript_status === 'requested') return 'Requested';
  return 'Needed';
}

export function decisionCell(row: Pick<StaffListRow, 'decision' | 'decision_released_at'>): string {
  if (!row.decision) return '';
  return `${DECISION_LABELS[row.decision]} (${row.decision_released_at ? 'released' : 'not released'})`;
}

/**
 * Where the office's checklist and decision live for one application, and where each action returns to. One
 * function, so the page that shows them (the staff application page) is named once.
 */
export function staffApplicationPath(userId: string): string {
  return `/staff/applications/${userId}/checklist`;
}
