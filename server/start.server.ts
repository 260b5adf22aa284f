import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfigOrExit } from './config.server.js';
import { createLogger } from './logger.server.js';
import { bootServices } from './boot.server.js';
import { createApp } from './app.server.js';

const config = loadConfigOrExit();
const logger = createLogger(config.logLevel);

if (!existsSync(join(process.cwd(), 'dist', 'server', 'entry.mjs'))) {
  logger.info('no client build found: building (vite build) once');
  const { build } = await import('vite');
  await build({ logLevel: 'warn' });
}
// vike finds the production build through dist/server/entry.mjs.
await import(join(process.cwd(), 'dist', 'server', 'entry.mjs'));

const services = await bootServices(config, logger, { runWorkers: config.worker === 'inline' });
const app = createApp(services);
const server = app.listen(config.port, () => {
  logger.info({ url: config.publicUrl, port: config.port, database: services.db.kind }, 'Freshman Application listening');
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  server.close();
  await services.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
