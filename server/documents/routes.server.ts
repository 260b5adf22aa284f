import type { Request, RequestHandler, Response } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { isDocumentKey } from './document-keys.server.js';
import {
  conversionStatus,
  deleteConversion,
  deleteDocumentAnswer,
  listDocumentAnswers,
  presignUpload,
  startConversion,
} from './documents.server.js';

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

/** §7 document calls (mounted in server/routes.server.ts). Logic lives in documents.server.ts; these only parse and answer. */
export function documentHandlers(services: AppServices) {
  const presign: RequestHandler = async (req, res) => {
    res.json(await presignUpload(services, userId(res), answerKey((req.body as { answer_key?: unknown } | undefined)?.answer_key)));
  };
  const list: RequestHandler = async (_req, res) => {
    res.json(await listDocumentAnswers(services, userId(res)));
  };
  const remove: RequestHandler = async (req, res) => {
    await deleteDocumentAnswer(services, userId(res), keyParam(req));
    res.json({ message: 'Your file was deleted.' });
  };
  const convert: RequestHandler = async (req, res) => {
    res.status(202).json(await startConversion(services, userId(res), keyParam(req), req.body));
  };
  const conversion: RequestHandler = async (req, res) => {
    res.json(await conversionStatus(services, userId(res), keyParam(req)));
  };
  const removeConversion: RequestHandler = async (req, res) => {
    await deleteConversion(services, userId(res), keyParam(req));
    res.json({ message: 'The converted file was deleted.' });
  };
  return { presign, list, remove, convert, conversion, removeConversion };
}
