import { createServer } from 'vite';
import { loadConfigOrExit } from '../platform/config.server.js';
import { createLogger } from '../platform/logger.server.js';
import { bootServices } from './boot.server.js';
import { startTracing } from '../platform/observability/telemetry.server.js';
import { createApp } from './app.server.js';

const config = loadConfigOrExit();
// Traces in development too when OTEL_EXPORTER_OTLP_ENDPOINT is set (a local collector); nothing is loaded otherwise.
await startTracing(config.otel, 'web');
const logger = createLogger(config.logLevel);
// Derived from PORT so that two dev servers (tests) never share Vite's HMR port.
const hmrPort = config.port + 10_000 <= 65_535 ? config.port + 10_000 : config.port - 10_000;
const vite = await createServer({
  server: { middlewareMode: true, hmr: { port: hmrPort } },
  appType: 'custom',
  logLevel: 'warn',
});
const services = await bootServices(config, logger, { runWorkers: config.worker === 'inline' });
const app = createApp(services, { vite, hmrPort });
const server = app.listen(config.port, () => logger.info({ url: config.publicUrl, hmrPort }, 'development server listening'));

async function shutdown() {
  server.close();
  await vite.close();
  await services.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
