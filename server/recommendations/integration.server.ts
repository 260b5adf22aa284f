import type { RequestHandler } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { recordAudit } from '../../db/repos/staff.server.js';
import { findRecommendation, type RecommendationRow, type WaiverRow } from '../../db/repos/recommendations.server.js';
import { recommendationLetterKey } from '../../contracts/recommendations.js';

/**
 * Recommendations for the CRM (issue 39): each application's teachers in the feed, and a letter sent as a file
 * by its own URL (the converted PDF). The feed's read is audited with the feed; the letter's download by itself.
 */

function status(r: RecommendationRow): string {
  if (r.refused_at) return 'address-refused';
  if (r.received_at) return 'received';
  if (r.declined_at) return 'declined';
  if (r.letter_submitted_at) return 'checking';
  if (r.opened_at) return 'opened';
  return 'invited';
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function recommendationsJson(services: AppServices, userId: string, rows: RecommendationRow[], waiver: WaiverRow | undefined) {
  return {
    recommendation_waived: waiver ? waiver.waived : null,
    recommendations: rows.map((r) => ({
      id: r.id,
      slot: r.slot,
      teacher_name: r.teacher_name,
      teacher_email: r.email,
      subject: r.subject,
      status: status(r),
      invited_at: iso(r.created_at),
      opened_at: iso(r.opened_at),
      received_at: iso(r.received_at),
      received_via: r.received_at ? r.received_via : null,
      letter_text: r.received_at && r.received_via === 'text' ? r.letter_text : null,
      letter_url:
        r.received_at && r.received_via === 'file'
          ? `${services.config.publicUrl}/integration/v1/applications/${userId}/recommendations/${r.id}/letter`
          : null,
      declined_at: iso(r.declined_at),
      decline_reason: r.declined_at ? r.decline_reason : null,
      address_refused_at: iso(r.refused_at),
    })),
  };
}

/** GET /integration/v1/applications/:id/recommendations/:rid/letter: a 303 to the letter's PDF (a short-lived signed URL). */
export function integrationLetter(services: AppServices): RequestHandler<{ id: string; rid: string }> {
  return async (req, res) => {
    const { id, rid } = req.params;
    const row = /^\d{1,18}$/.test(rid) ? await findRecommendation(services.db.knex, rid) : null;
    if (!row || row.user_id !== id || !row.received_at || row.received_via !== 'file') throw new HttpError(404, 'No such letter.');
    const doc = (await services.db
      .knex('document_answers')
      .where({ user_id: id, answer_key: recommendationLetterKey(row.id) })
      .first('output_key')) as { output_key: string | null } | undefined;
    if (!doc?.output_key) throw new HttpError(404, 'No such letter.');
    await recordAudit(services.db.knex, {
      at: services.now(),
      staff_email: `integration:${res.locals.integrationClient!.name}`,
      action: 'integration-letter',
      user_id: id,
      detail: { recommendation: row.id },
      ip: req.ip ?? null,
    });
    res.redirect(303, await services.storage.signedDownloadUrl(doc.output_key, `recommendation-${row.slot}.pdf`));
  };
}
