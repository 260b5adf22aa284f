import type { Request, RequestHandler, Response } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { officeRequest, type OfficeRequest } from '../office-page.server.js';
import type { LettersPageData } from '../../contracts/reading-page-data.js';
import { currentLetterTemplate, MERGE_FIELDS, previewLetter, saveLetterTemplate } from '../../domain/reading/letters.server.js';
import { ReadingError } from '../../domain/reading/errors.js';
import { DECISIONS } from '../../db/repos/after-submission.server.js';
import { submittedIdByReference } from '../../db/repos/reading-lists.server.js';
import { formatDeskTime } from '../../form/local-time.js';
import { DECISION_LABELS } from '../after-submission/staff-labels.js';
import { sendPage } from '../render.server.js';
import { actorOfRequest, field, pageBase, refuse } from './common.server.js';

export const LETTERS_PATH = '/staff/letters';

/** The template being edited, shown again after a preview or a refused save. */
export type LetterDraft = NonNullable<LettersPageData['editing']>;

/** /staff/letters (leads): each decision's current template and its merge fields. Templates hold no applicant's data. */
export async function lettersPageData(
  services: AppServices,
  office: OfficeRequest,
  draft: LetterDraft | undefined,
): Promise<LettersPageData> {
  const templates = await Promise.all(DECISIONS.map((d) => currentLetterTemplate(services, d)));
  return {
    ...pageBase(services, office, 'Letter templates'),
    templates: templates.map((t) => ({
      decision: t.decision,
      label: DECISION_LABELS[t.decision],
      version: t.version,
      body: t.body,
      // The versions installed with the database are 'default': no one to name.
      editedBy: t.edited_by && t.edited_by !== 'default' ? t.edited_by : null,
      editedAt: t.edited_at ? formatDeskTime(t.edited_at, services.config.timeZone) : null,
    })),
    mergeFields: MERGE_FIELDS.map((f) => `{${f}}`),
    editing: draft ?? null,
  };
}

async function showDraft(services: AppServices, req: Request, res: Response, draft: LetterDraft, status: number): Promise<void> {
  const office = officeRequest(services, req, res);
  await sendPage(services, req, res, LETTERS_PATH, { office, letterDraft: draft }, status);
}

/**
 * POST /staff/letters/:decision: "Preview for an applicant" (action=preview, previewLetter: audited, it shows their
 * answers) or "Save as version N+1" (saveLetterTemplate based on the version edited). A refused body or reference
 * comes back at its field with what was typed.
 */
export function letterPost(services: AppServices): RequestHandler<{ decision: string }> {
  return async (req, res) => {
    const decision = req.params.decision;
    const body = field(req.body, 'body');
    const reference = field(req.body, 'reference').trim();
    const basedOn = Number(field(req.body, 'based_on'));
    const draft: LetterDraft = { decision, basedOn, body, reference, preview: null, error: null, referenceError: null };
    try {
      if (!(DECISIONS as readonly string[]).includes(decision)) throw new ReadingError(404, 'There is no such letter template.');
      if (!Number.isInteger(basedOn) || basedOn < 1) throw new ReadingError(400, 'Reload the letter templates and make your change again.');
      const lead = actorOfRequest(req, res);
      if (field(req.body, 'action') === 'save') {
        try {
          await saveLetterTemplate(services, lead, decision, body, basedOn);
        } catch (err) {
          if (err instanceof ReadingError && err.status === 400)
            return showDraft(services, req, res, { ...draft, error: err.message }, 400);
          throw err;
        }
        return res.redirect(303, `${LETTERS_PATH}?done=template`);
      }
      const id = reference ? await submittedIdByReference(services.db.knex, reference) : null;
      if (!id)
        return showDraft(
          services,
          req,
          res,
          {
            ...draft,
            referenceError: reference
              ? `No submitted application has the reference ${reference}.`
              : 'Type the reference of an application (FA-…) to preview the letter as its applicant would read it.',
          },
          400,
        );
      try {
        return showDraft(services, req, res, { ...draft, preview: await previewLetter(services, lead, decision, body, id) }, 200);
      } catch (err) {
        if (err instanceof ReadingError && err.status === 400) return showDraft(services, req, res, { ...draft, error: err.message }, 400);
        throw err;
      }
    } catch (err) {
      await refuse(services, req, res, err, 'Letter template not saved', { href: LETTERS_PATH, label: 'Back to the letter templates' });
    }
  };
}
