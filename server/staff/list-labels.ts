import type { ResidencyFilter, StaffListRow, StaffStatus } from '../../db/repos/staff-applications.server.js';
import { effectiveStage } from '../../db/repos/reading-stages.server.js';
import { STAGE_LABELS, isReadingStage } from '../../domain/reading/stages.js';
import { staffKeys } from '../../form/staff-keys.js';

/** How the desk names each web status (list, counts, application page). */
export const STATUS_LABELS: Record<StaffStatus, string> = {
  submitted: 'Submitted',
  validating: 'Checking answers',
  started: 'Started',
  none: 'Not started',
};

export const RESIDENCY_LABELS: Record<ResidencyFilter, string> = {
  resident: 'Resident',
  nonresident: 'Not a resident',
};

/** "Christensen, Maya", family name first as the list sorts people; a placeholder before any name. */
export function listName(row: Pick<StaffListRow, 'first_name' | 'last_name'>): string {
  const name = `${row.last_name ?? ''}${row.last_name && row.first_name ? ', ' : ''}${row.first_name ?? ''}`.trim();
  return name || '(no name yet)';
}

/** Residency as the list shows it: the residency question's answer, for the state of the applicant's address. */
export function residencyCell(row: Pick<StaffListRow, 'address_state' | 'residency'>): string {
  if (!row.address_state) return '';
  const resident = staffKeys().residency.states.includes(row.address_state) && row.residency === 'Y';
  return `${RESIDENCY_LABELS[resident ? 'resident' : 'nonresident']} (${row.address_state})`;
}

/** The reading stage of a submitted application ('' before submission). */
export function stageCell(
  row: Pick<StaffListRow, 'submitted_at' | 'reading_stage' | 'transcript_status' | 'decision' | 'decision_released_at'>,
): string {
  if (!row.submitted_at) return '';
  const stage = effectiveStage(
    row.reading_stage,
    row.transcript_status === 'received',
    row.decision ? { released_at: row.decision_released_at } : null,
  );
  return isReadingStage(stage) ? STAGE_LABELS[stage] : stage;
}
