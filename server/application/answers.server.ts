import Joi from 'joi';
import { clearHidden } from '../../form/conditions.js';
import { clearInvalidDates, unknownKeys, withDescriptions } from '../../form/answers.js';
import type { Answers, UiState } from '../../form/types.js';
import type { ApplicationRow, StoredAnswers } from '../../db/repos/applications.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { isDocumentKey } from '../documents/document-keys.server.js';
import { answersVersionOf } from '../../contracts/answers-etag.js';

/** Longest single answer: the largest configured textarea (§9: 7000). Longer is not typing, it is abuse. */
export const MAX_ANSWER_LENGTH = 7000;

const answersBody = Joi.object()
  .pattern(/^[a-z0-9_]{1,80}$/, Joi.alternatives().try(Joi.string().allow('').max(MAX_ANSWER_LENGTH), Joi.boolean()))
  .required()
  .messages({ 'object.base': 'The answers must be a JSON object of answer keys and values.' });

/** Checks a body of answers: an object, known keys only (400 naming the others), strings or booleans. */
export function parseAnswers(body: unknown): StoredAnswers {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError(400, 'The answers must be a JSON object of answer keys and values.');
  }
  // The form marks a converted document 'ANSWERED' among its answers (§3); the document itself lives in
  // document_answer, so those keys are accepted and left out of the stored answers.
  const answersOnly = Object.fromEntries(Object.entries(body as Record<string, unknown>).filter(([key]) => !isDocumentKey(key)));
  const unknown = unknownKeys(answersOnly);
  if (unknown.length > 0) throw new HttpError(400, `Unknown answer keys: ${unknown.join(', ')}`, { unknown_keys: unknown });
  const { error, value } = answersBody.validate(answersOnly, { convert: false });
  if (error) {
    const key = error.details[0]?.path.join('.') ?? '';
    throw new HttpError(400, `The answer ${key} must be text of at most ${MAX_ANSWER_LENGTH} characters, or true/false.`);
  }
  return value as StoredAnswers;
}

export function uiStateOf(row: Pick<ApplicationRow, 'add_another' | 'tabs'>): UiState {
  return { addAnother: row.add_another, tabs: row.tabs };
}

/**
 * What the server stores for a merge of answers: descriptions derived from the options (a client's
 * `_desc` is never trusted), invalid dates cleared (§5), hidden answers cleared (§4) — the same rules
 * the form island applies while typing.
 */
export function prepareAnswers(merged: Answers, previous: Answers, ui: UiState, now: Date): Answers {
  const described = withDescriptions(merged, undefined, now);
  const dated = clearInvalidDates(described);
  return clearHidden(dated, previous, { ui });
}

/** The version an If-Match names; null when absent or `*` (a save without a validator is applied as is). */
export function versionFromIfMatch(header: string | undefined): number | null {
  if (header === undefined || header.trim() === '*') return null;
  const version = answersVersionOf(header);
  if (version === null) throw new HttpError(400, 'If-Match must be the ETag received from /api/profile or the last save.');
  return version;
}
