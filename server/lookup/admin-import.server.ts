import { Transform } from 'node:stream';
import type { Request, RequestHandler } from 'express';
import { importLookupCsv, ImportFileError } from '../../db/repos/lookup-import.server.js';
import { isLookupCategory } from '../../contracts/lookup.js';
import { HttpError } from '../../platform/http-error.server.js';
import type { AppServices } from '../../platform/app-services.server.js';
import { verifyImportToken } from './import-token.server.js';
import { directFromLoopback } from '../security/direct-caller.server.js';

/** The seed files are 2 MB; a national address file is far bigger, but a CSV past this is a mistake. */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

/**
 * Only a process on this machine talking to us directly: a reverse proxy on the same host makes every visitor look
 * local, so any sign of one refuses the request (server/security/direct-caller.server.ts).
 */
export const fromLocalOperator = (req: Request): boolean => directFromLoopback(req);

function byteLimit(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > max) done(new ImportFileError(`The file is larger than ${max / 1024 / 1024} MB.`));
      else done(null, chunk);
    },
  });
}

/**
 * POST /lookup/admin/import?category= with the CSV as the body: the running server imports it over
 * its own database session, answering with NDJSON lines ({progress} | {rejected} | {summary} |
 * {error}). Used by `npm run lookup:import` when the embedded database is held by this server.
 * The route's `loopback` guard answers anything not from a local operator as an unknown path.
 */
export function adminImportHandler(services: AppServices, onImported: () => void): RequestHandler {
  return async (req, res) => {
    const category = req.query.category;
    if (!isLookupCategory(category)) throw new HttpError(400, 'category must be one of hs_ceeb, college_ceeb, address.');
    const auth = req.get('authorization') ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : '';
    if (!verifyImportToken(services.config.sessionSecret, category, token, services.now())) {
      throw new HttpError(403, "The import token is missing, expired, or not signed with this server's SESSION_SECRET.");
    }
    res.status(200).type('application/x-ndjson').setHeader('Cache-Control', 'no-store');
    // The command waits for these headers to know a server took the file; rows come later.
    res.flushHeaders();
    const write = (line: object) => res.write(`${JSON.stringify(line)}\n`);
    const body = req.pipe(byteLimit(MAX_IMPORT_BYTES));
    req.on('error', (err) => body.destroy(err));
    try {
      const summary = await importLookupCsv(services.db.knex, category, body, {
        onProgress: (counts) => write({ progress: counts }),
        onReject: (rejection) => write({ rejected: rejection }),
      });
      onImported();
      const { rejections, ...counts } = summary;
      req.log.info({ ...counts }, 'lookup data imported');
      write({ summary: counts });
    } catch (err) {
      if (!(err instanceof ImportFileError)) req.log.error({ err }, 'lookup import failed');
      write({ error: err instanceof ImportFileError ? err.message : `The import failed: ${(err as Error).message}` });
    }
    res.end();
  };
}
