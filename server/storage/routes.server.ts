import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import multer from 'multer';
import { createHash } from 'node:crypto';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { FILE_MAX_BYTES, FILE_MESSAGES } from '../../form/documents.js';
import { verifyDownload, verifyUploadPolicy, type VerifiedPolicy } from '../../platform/storage/signing.server.js';
import { storageHttpError } from './http-errors.server.js';

type WithPolicy = Request & { uploadPolicy?: VerifiedPolicy };

/**
 * The embedded store's upload target (it plays S3's part: the policy is the authorisation, checked
 * field by field before a byte of the file is kept) and the signed download route used by both stores.
 * Mounted in server/routes.server.ts (the upload target only with the embedded store).
 */
export function storageHandlers(services: AppServices) {
  const localUpload: RequestHandler = async (req, res) => {
    const policy = (req as WithPolicy).uploadPolicy;
    const file = req.file;
    if (!policy || !file) throw new HttpError(400, 'No file was uploaded.');
    if (file.size < policy.minBytes) throw new HttpError(400, FILE_MESSAGES.empty);
    if (file.size > policy.maxBytes) throw new HttpError(413, FILE_MESSAGES.tooLarge);
    await services.storage.put(policy.key, file.buffer, 'application/octet-stream');
    if (policy.redirect) {
      // S3's answer to success_action_redirect: 303 to it with the bucket, key and ETag of the stored object.
      const target = new URL(policy.redirect);
      target.searchParams.set('bucket', 'local');
      target.searchParams.set('key', policy.key);
      target.searchParams.set('etag', `"${createHash('md5').update(file.buffer).digest('hex')}"`);
      res.redirect(303, target.toString());
      return;
    }
    res.status(204).end();
  };
  const download: RequestHandler = async (req, res) => {
    const storage = services.storage;
    const { key, name } = verifyDownload(services.config.sessionSecret, req.query, services.now());
    const stream = await storage.getStream(key);
    if (!stream) throw new HttpError(404, 'This file no longer exists.');
    res.attachment(name);
    res.setHeader('Cache-Control', 'private, no-store');
    stream.on('error', (err) => res.destroy(err));
    stream.pipe(res);
  };
  return { uploadBody: uploadParser(services), localUpload, download };
}

function uploadParser(services: AppServices) {
  return multer({
    storage: multer.memoryStorage(),
    // One more byte than allowed is enough to know a file is too large; busboy stops reading there.
    limits: { fileSize: FILE_MAX_BYTES, files: 1, fields: 10, fieldSize: 4096, parts: 12 },
    fileFilter(req, file, cb) {
      // S3 requires the file to be the last field; the policy fields are parsed by now.
      try {
        if (file.fieldname !== 'file') throw new HttpError(400, 'The upload was not in the expected form.');
        (req as WithPolicy).uploadPolicy = verifyUploadPolicy(services.config.sessionSecret, req.body ?? {}, services.now());
        cb(null, true);
      } catch (err) {
        cb(err as Error);
      }
    },
  }).single('file');
}

/** These routes live outside /api, so they answer errors themselves, always as JSON {message}. */
export const storageJsonErrors: ErrorRequestHandler = (err, req, res, next) => {
  const clientError = storageHttpError(err);
  if (!clientError) return next(err);
  if (res.headersSent) return res.end();
  if (clientError.status >= 500) req.log?.warn({ err }, 'object store unavailable');
  res.status(clientError.status).json({ message: clientError.message });
};
