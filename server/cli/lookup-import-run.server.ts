import { createReadStream, existsSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import type { Config } from '../../platform/config.server.js';
import { openDatabase } from '../../db/knex.server.js';
import { migrateLatest } from '../../db/migrate.server.js';
import { processesUsingDirectory } from '../../db/pglite-in-use.server.js';
import { importLookupCsv, ImportFileError, type ImportCounts, type Rejection } from '../../db/repos/lookup-import.server.js';
import { isLookupCategory, type LookupCategory } from '../../contracts/lookup.js';
import { signImportToken } from '../lookup/import-token.server.js';

export const USAGE = 'usage: npm run lookup:import -- <hs_ceeb|college_ceeb|address> <file.csv>';

/** Exit codes: 0 imported (rejected rows are reported, not fatal); 1 bad arguments or file; 2 database busy or unreachable. */
export type ExitCode = 0 | 1 | 2;

export interface Output {
  out(line: string): void;
  err(line: string): void;
  /** Rewrites the current line (a terminal); when absent, progress is printed as plain lines. */
  progress?(line: string): void;
}

const MAX_PRINTED_REJECTIONS = 200;

function reporter(output: Output) {
  let printed = 0;
  let lastLine = 0;
  return {
    reject(r: Rejection) {
      if (++printed <= MAX_PRINTED_REJECTIONS) output.err(`line ${r.line}: ${r.reason}`);
      else if (printed === MAX_PRINTED_REJECTIONS + 1) output.err('(more rejected rows are counted but not listed)');
    },
    progress(c: ImportCounts) {
      const line = `  ${c.read} rows read, ${c.inserted} inserted, ${c.updated} updated, ${c.unchanged} unchanged, ${c.rejected} rejected`;
      if (output.progress) output.progress(line);
      else if (c.read - lastLine >= 5000) {
        lastLine = c.read;
        output.out(line);
      }
    },
    summary(category: LookupCategory, c: ImportCounts) {
      output.progress?.('');
      output.out(
        `${category}: ${c.read} rows read: ${c.inserted} inserted, ${c.updated} updated, ${c.unchanged} unchanged, ${c.rejected} rejected`,
      );
    },
  };
}

type ServerAttempt = { kind: 'done'; code: ExitCode } | { kind: 'no-server' };

/**
 * Hands the file to a server running on this machine with the same settings (the loopback-only
 * POST /lookup/admin/import), which imports it over the database session it already holds.
 */
async function importThroughServer(config: Config, category: LookupCategory, file: string, output: Output): Promise<ServerAttempt> {
  const url = `http://127.0.0.1:${config.port}/lookup/admin/import?category=${category}`;
  const headersArrived = new AbortController();
  const timer = setTimeout(() => headersArrived.abort(), 10_000);
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'text/csv', Authorization: `Bearer ${signImportToken(config.sessionSecret, category, new Date())}` },
      body: Readable.toWeb(createReadStream(file)) as ReadableStream,
      duplex: 'half',
      signal: headersArrived.signal,
    } as RequestInit);
  } catch {
    return { kind: 'no-server' };
  } finally {
    clearTimeout(timer);
  }
  if (res.status === 403) {
    output.err(`A server on port ${config.port} refused the import: it runs with another SESSION_SECRET or DATA_DIR than this command.`);
    return { kind: 'done', code: 2 };
  }
  if (res.status !== 200 || !res.headers.get('content-type')?.includes('ndjson')) {
    await res.body?.cancel();
    return { kind: 'no-server' }; // something else listens there; our server is not on this port
  }
  output.out(`Importing ${category} from ${basename(file)} through the server running on port ${config.port}`);
  const report = reporter(output);
  let code: ExitCode = 2;
  let buffered = '';
  const handle = (line: string) => {
    if (!line.trim()) return;
    const message = JSON.parse(line) as { progress?: ImportCounts; rejected?: Rejection; summary?: ImportCounts; error?: string };
    if (message.rejected) report.reject(message.rejected);
    if (message.progress) report.progress(message.progress);
    if (message.summary) {
      report.summary(category, message.summary);
      code = 0;
    }
    if (message.error) {
      output.err(message.error);
      code = 1;
    }
  };
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffered += Buffer.from(chunk).toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    lines.forEach(handle);
  }
  handle(buffered);
  if (code === 2) output.err('The server stopped answering before the import finished; run the command again (it is idempotent).');
  return { kind: 'done', code };
}

async function importDirectly(config: Config, category: LookupCategory, file: string, output: Output): Promise<ExitCode> {
  const pgliteDir = join(config.dataDir, 'pglite');
  if (!config.databaseUrl && existsSync(pgliteDir)) {
    const holders = processesUsingDirectory(pgliteDir);
    if (holders === null) {
      output.err('(This system cannot show which processes use the embedded database: make sure the server is stopped.)');
    } else if (holders.length > 0) {
      output.err(
        `The embedded database ${pgliteDir} is in use by process ${holders.join(', ')} (a server on another PORT?). ` +
          'Run this command with the same PORT as that server so it can import the file, stop the server, or use DATABASE_URL.',
      );
      return 2;
    }
  }
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database ${pgliteDir}`;
  let db;
  try {
    db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir, poolMax: 2 });
    await migrateLatest(db.knex);
  } catch (err) {
    await db?.close().catch(() => undefined);
    output.err(`Cannot open ${where}: ${(err as Error).message}`);
    return 2;
  }
  try {
    output.out(`Importing ${category} from ${basename(file)} into ${where}`);
    const report = reporter(output);
    const summary = await importLookupCsv(db.knex, category, createReadStream(file), {
      onProgress: report.progress,
      onReject: report.reject,
    });
    report.summary(category, summary);
    return 0;
  } catch (err) {
    if (err instanceof ImportFileError) {
      output.err(err.message);
      return 1;
    }
    throw err;
  } finally {
    await db.close();
  }
}

/**
 * `npm run lookup:import -- <category> <file.csv>`. With DATABASE_URL it writes to PostgreSQL directly
 * (any number of processes may). With the embedded database it first offers the file to a server
 * running with the same settings; only when none answers, and no other process has the database
 * open, does it open the database itself.
 */
export async function runLookupImport(args: string[], config: Config, output: Output): Promise<ExitCode> {
  const [category, file, ...rest] = args.filter((a) => a !== '--');
  if (!isLookupCategory(category) || !file || rest.length > 0) {
    output.err(USAGE);
    return 1;
  }
  if (!existsSync(file) || !statSync(file).isFile()) {
    output.err(`No such file: ${file}`);
    return 1;
  }
  if (!config.databaseUrl) {
    const attempt = await importThroughServer(config, category, file, output);
    if (attempt.kind === 'done') return attempt.code;
  }
  return importDirectly(config, category, file, output);
}
