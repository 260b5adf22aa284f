import type { RequestHandler } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { submitReview } from '../../domain/reading/reviews.server.js';
import { reviewSchema } from '../../domain/reading/review-validator.server.js';
import { REVIEW_FORM } from '../../domain/reading/review-form.js';
import { ReadingError } from '../../domain/reading/errors.js';
import { sendPage } from '../render.server.js';
import { officeRequest } from '../office-page.server.js';
import { actorOfRequest, field, refuse } from './common.server.js';
import { readerPath, type ReviewFormState } from './reader-page.server.js';

const SCHEMA = reviewSchema();

/** Each field's own message (the domain's validator stops at the first; the form shows them all at once). */
function fieldErrors(values: Record<string, string>): Record<string, string> {
  const { error } = SCHEMA.validate(values, { abortEarly: false, convert: true });
  const errors: Record<string, string> = {};
  for (const d of error?.details ?? []) {
    const key = String(d.path[0] ?? '');
    if (key && !errors[key]) errors[key] = d.message;
  }
  return errors;
}

/** POST /staff/queue/:id/review: the reader's review → submitReview → back to the reader view, or the form again with its errors. */
export function reviewPost(services: AppServices): RequestHandler<{ id: string }> {
  return async (req, res) => {
    const id = req.params.id;
    const values = Object.fromEntries(REVIEW_FORM.map((f) => [f.key, field(req.body, f.key)]));
    // An unanswered optional field is left out, as the validator expects.
    const answers = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
    const errors = fieldErrors(answers);
    if (Object.keys(errors).length === 0) {
      try {
        await submitReview(services, actorOfRequest(req, res), id, answers);
        return res.redirect(303, `${readerPath(id)}?done=review`);
      } catch (err) {
        if (!(err instanceof ReadingError) || err.status !== 400)
          return refuse(services, req, res, err, 'Review not submitted', { href: readerPath(id), label: 'Back to the application' });
        errors[''] = err.message;
      }
    }
    const office = officeRequest(services, req, res, { params: { id } });
    const reviewForm: ReviewFormState = { values, errors };
    await sendPage(services, req, res, readerPath(id), { office, reviewForm }, 400);
  };
}
