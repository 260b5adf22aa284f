import type { Request, Response } from 'express';
import type { Feature } from '../routes/routers.server.js';
import { HttpError } from '../http-error.server.js';
import { requireUser } from '../auth/session.server.js';
import { isDocumentKey } from './document-keys.server.js';
import {
  conversionStatus,
  deleteConversion,
  deleteDocumentAnswer,
  listDocumentAnswers,
  presignUpload,
  startConversion,
} from './service.server.js';

function answerKey(value: unknown): string {
  if (!isDocumentKey(value)) throw new HttpError(400, 'This question does not take a file.');
  return value;
}

/** The session's user: every query below is scoped by this id, never by one from the client. */
function userId(res: Response): string {
  return res.locals.user!.id;
}

function keyParam(req: Request): string {
  return answerKey(req.params.key);
}

/** §7 document calls. Logic lives in service.server.ts; these only guard, parse and answer. */
export const documentsFeature: Feature = ({ api }, services) => {
  api.post('/presigned-url', requireUser, async (req, res) => {
    res.json(await presignUpload(services, userId(res), answerKey((req.body as { answer_key?: unknown } | undefined)?.answer_key)));
  });
  api.get('/document-answer', requireUser, async (_req, res) => {
    res.json(await listDocumentAnswers(services, userId(res)));
  });
  api.delete('/document-answer/:key', requireUser, async (req, res) => {
    await deleteDocumentAnswer(services, userId(res), keyParam(req));
    res.json({ message: 'Your file was deleted.' });
  });
  api.post('/pdf/document-answer/:key', requireUser, async (req, res) => {
    res.status(202).json(await startConversion(services, userId(res), keyParam(req), req.body));
  });
  api.get('/pdf/document-answer/:key', requireUser, async (req, res) => {
    res.json(await conversionStatus(services, userId(res), keyParam(req)));
  });
  api.delete('/pdf/document-answer/:key', requireUser, async (req, res) => {
    await deleteConversion(services, userId(res), keyParam(req));
    res.json({ message: 'The converted file was deleted.' });
  });
};
