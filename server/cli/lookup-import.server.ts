/**
 * npm run lookup:import -- <hs_ceeb|college_ceeb|address> <file.csv>
 *   Validates and upserts lookup rows (see server/cli/lookup-import-run.server.ts for how it shares
 *   the embedded database with a running server). Safe to run again: unchanged rows stay unchanged.
 */
import { ConfigError, loadConfig } from '../../platform/config.server.js';
import { runLookupImport } from './lookup-import-run.server.js';

const output = {
  out: (line: string) => console.log(line),
  err: (line: string) => console.error(line),
  ...(process.stdout.isTTY ? { progress: (line: string) => process.stdout.write(`\r\x1b[2K${line}`) } : {}),
};

let code: number;
try {
  code = await runLookupImport(process.argv.slice(2), loadConfig(), output);
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `The import failed: ${(err as Error).stack ?? err}`);
  code = 1;
}
process.exit(code);
