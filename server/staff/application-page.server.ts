import type { AppServices } from '../../platform/app-services.server.js';
import type { OfficeRequest } from '../office-page.server.js';
import type { StaffApplicationPageData, StaffDocumentData } from '../../contracts/staff-application-data.js';
import { findStaffListRow } from '../../db/repos/staff-applications.server.js';
import { getApplication } from '../../db/repos/applications.server.js';
import { listAudit } from '../../db/repos/staff.server.js';
import { counselorAddressOf, staffDocumentsFor, type StaffDocumentRow } from '../../db/repos/staff-documents.server.js';
import { COUNSELOR_TRANSCRIPT_KEY } from '../../domain/after-submission/checklist.server.js';
import { applicantName } from '../../form/applicant-name.js';
import { fieldByKey } from '../../form/fields.js';
import { fileQuestionKeys } from '../../form/document-keys.js';
import { formatFileSize } from '../../form/documents.js';
import { formatDeskTime } from '../../form/local-time.js';
import { staffApplicationPath } from '../after-submission/staff-labels.js';
import { filterFromQuery, filterQuery, isUuid } from './filter.server.js';
import { STATUS_LABELS, stageCell } from './list-labels.js';
import { auditOffice } from './audit.server.js';
import { roundLabel } from '../../domain/deadlines/rounds.server.js';

const DOCUMENT_STATE: Record<string, string> = {
  COMPLETED: 'Ready to open',
  UNPROCESSED: 'Being converted',
  IN_PROGRESS: 'Being converted',
  FAILED: 'Could not be converted: the original file opens instead',
  NOT_ANSWERED: 'Not uploaded',
};

function documentLabel(key: string): string {
  if (key === COUNSELOR_TRANSCRIPT_KEY) return 'Transcript from the counselor';
  const label = fieldByKey(key)?.question.label;
  return typeof label === 'string' && label ? label : key;
}

/**
 * GET /staff/applications/:id in the staff session (issue 23 finding 3): every answer in the read-only layout the
 * form definition drives (the PDF's), every document with who sent it and when, and this application's history.
 * The heading names the applicant, never by their e-mail. An unknown id is a 404 that reads and records nothing.
 */
export async function staffApplicationPageData(services: AppServices, office: OfficeRequest): Promise<StaffApplicationPageData> {
  const knex = services.db.knex;
  const id = office.params.id ?? '';
  const found = isUuid(id) ? await findStaffListRow(knex, id) : null;
  const staffEmail = office.staff?.email ?? null;
  if (!found) {
    return { title: 'No such application.', staffEmail, found: false };
  }
  const [row, documents, counselor] = await Promise.all([
    getApplication(knex, id, services.now()),
    staffDocumentsFor(knex, id),
    counselorAddressOf(knex, id),
  ]);
  await auditOffice(services, office, 'view', { userId: id });
  const history = await listAudit(knex, { limit: 50, userId: id });
  const timeZone = services.config.timeZone;
  // The counselor's transcript is no form question, but it is this application's document too (issue 37).
  const order = [...fileQuestionKeys(), COUNSELOR_TRANSCRIPT_KEY];
  const shown = order.map((key) => documents.find((d) => d.answer_key === key)).filter((d): d is StaffDocumentRow => Boolean(d));
  // Converted documents count as answered (§3), as in the form and the PDF.
  const converted = Object.fromEntries(shown.filter((d) => d.status === 'COMPLETED').map((d) => [d.answer_key, 'ANSWERED']));
  const applicant = applicantName(row.answers, '');
  return {
    title: applicant || 'Applicant without a name yet',
    staffEmail,
    found: true,
    id,
    backHref: `/staff${filterQuery(filterFromQuery(office.query, services.now(), services.config.admissionCycle))}`,
    reference: found.reference ?? 'Not submitted yet',
    status: STATUS_LABELS[found.status],
    stage: stageCell(found) || 'Not submitted',
    submitted: found.submitted_at ? formatDeskTime(found.submitted_at, timeZone) : 'Not submitted',
    round: found.deadline_round ? roundLabel(found.deadline_round) : null,
    email: found.username,
    pdfHref: `/staff/applications/${id}/pdf`,
    checklistHref: found.submitted_at ? staffApplicationPath(id) : null,
    documents: shown.map((d) => documentData(id, d, { timeZone, counselor })),
    answers: { ...row.answers, ...converted },
    addAnother: row.add_another ?? {},
    tabs: row.tabs ?? {},
    history: history.map((h) => ({ id: String(h.id), at: formatDeskTime(h.at, timeZone, 'seconds'), who: h.staff_email, what: h.action })),
  };
}

function documentData(id: string, d: StaffDocumentRow, ctx: { timeZone: string; counselor: string | null }): StaffDocumentData {
  const fromCounselor = d.answer_key === COUNSELOR_TRANSCRIPT_KEY;
  return {
    key: d.answer_key,
    href: `/staff/applications/${id}/documents/${encodeURIComponent(d.answer_key)}`,
    label: documentLabel(d.answer_key),
    fileName: d.file_name,
    detail: `${formatFileSize(d.file_size)}, ${DOCUMENT_STATE[d.status ?? 'NOT_ANSWERED'] ?? d.status}`,
    from: fromCounselor ? `Sent by the counselor${ctx.counselor ? ` (${ctx.counselor})` : ''}` : "The applicant's upload",
    at: d.created_at ? formatDeskTime(d.created_at, ctx.timeZone) : '',
  };
}
