import { describe, expect, test } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { ROOT } from '../helpers/paths.js';

/**
 * joi checks only request shapes and configuration on the server; answers and auth forms are checked by
 * form/validate.ts and contracts/auth-check.ts, in the browser and on the server alike (ADR 0250). These are
 * texts only joi's own code holds (its error codes for alternatives, required keys and inverted patterns);
 * no built client file may contain them.
 */
const JOI_MARKERS = /alternatives\.match|any\.required|string\.pattern\.invert/;

function scripts(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.m?js$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('client build', () => {
  const client = join(ROOT, 'dist', 'client');

  test('the markers find joi in joi itself', () => {
    const joi = readFileSync(join(ROOT, 'node_modules', 'joi', 'dist', 'joi-browser.min.js'), 'utf8');
    expect(JOI_MARKERS.test(joi)).toBe(true);
  });

  test('no client JavaScript contains joi', () => {
    if (!existsSync(client)) throw new Error('No build: run `npm run build` (npm test does it first).');
    const files = scripts(client);
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => JOI_MARKERS.test(readFileSync(file, 'utf8'))).map((file) => file.slice(client.length))).toEqual([]);
  });

  // React's server renderer (the server's cached <option>s use it) once rode along into the React chunk every page
  // loads, 59 KB gzip, because pages' +Page files were part of the client build (pages/+config.ts keeps them out).
  test('no client JavaScript contains react-dom/server', () => {
    if (!existsSync(client)) throw new Error('No build: run `npm run build` (npm test does it first).');
    const files = scripts(client).filter((file) => /renderToReadableStream|onShellReady|renderToString/.test(readFileSync(file, 'utf8')));
    expect(files.map((file) => file.slice(client.length))).toEqual([]);
  });

  // vite.config.ts reactCompileHint: V8 compiles a file eagerly, off the main thread, only when the hint is its very
  // first line, and only React's chunk (run almost whole at hydration) should carry it.
  test("React's chunk, and only it, starts with V8's compile hint, as sent compressed too", () => {
    if (!existsSync(client)) throw new Error('No build: run `npm run build` (npm test does it first).');
    const hinted = scripts(client).filter((file) => readFileSync(file, 'utf8').startsWith('//# allFunctionsCalledOnLoad\n'));
    expect(hinted).toHaveLength(1);
    const react = readFileSync(hinted[0]!, 'utf8');
    expect(react).toMatch(/react-dom|__REACT_DEVTOOLS_GLOBAL_HOOK__|Minified React error/);
    expect(brotliDecompressSync(readFileSync(`${hinted[0]!}.br`)).toString('utf8')).toBe(react);
  });

  // vite.config.ts replaces Vite's preload helper (it only loaded lazy chunks' CSS, and no client chunk has any).
  test("no client JavaScript carries Vite's preload helper", () => {
    if (!existsSync(client)) throw new Error('No build: run `npm run build` (npm test does it first).');
    const files = scripts(client).filter((file) => /vite:preloadError|Unable to preload CSS/.test(readFileSync(file, 'utf8')));
    expect(files.map((file) => file.slice(client.length))).toEqual([]);
  });
});

/**
 * Issue 41: @simplewebauthn/browser (3.6 KB gzip) is fetched only by the passkey islands, when they need it: one chunk
 * of its own that no chunk imports statically, so pages without a passkey island never download it, and /login stays
 * within its 75 KB (docs/performance.md).
 */
describe('client build: the WebAuthn library', () => {
  const client = join(ROOT, 'dist', 'client');
  test('is in one chunk that only import() reaches', () => {
    if (!existsSync(client)) throw new Error('No build: run `npm run build` (npm test does it first).');
    const files = scripts(client);
    const library = files.filter((file) => readFileSync(file, 'utf8').includes('ERROR_CEREMONY_ABORTED'));
    expect(library).toHaveLength(1);
    const name = library[0]!.slice(library[0]!.lastIndexOf('/') + 1);
    const staticImport = new RegExp(`(?:import|export)[^;()]*?from\\s*["']\\./${name.replace(/[.-]/g, '\\$&')}["']`);
    expect(files.filter((file) => staticImport.test(readFileSync(file, 'utf8')))).toEqual([]);
    expect(files.filter((file) => readFileSync(file, 'utf8').includes(`import(\`./${name}\`)`)).length).toBe(1);
  });
});

/**
 * Issue 27: the metrics and tracing packages are the server's; and the OpenTelemetry SDK is loaded only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set, so no chunk the server or the worker imports statically may hold it.
 */
describe('server build: metrics and traces', () => {
  const node = join(ROOT, 'dist', 'node');
  const staticImports = (file: string) =>
    [
      ...readFileSync(join(node, file), 'utf8').matchAll(/(?:^|[;\n])\s*(?:import|export)\s*(?:[^'"()]*?\s*from\s*)?["'](\.\/[^"']+)["']/g),
    ].map((m) => m[1]!.slice(2));

  test('no client JavaScript contains prom-client or OpenTelemetry', () => {
    if (!existsSync(client())) throw new Error('No build: run `npm run build` (npm test does it first).');
    expect(
      scripts(client()).filter((file) => /prom-client|@opentelemetry|fa_http_requests_total/.test(readFileSync(file, 'utf8'))),
    ).toEqual([]);
  });

  test('the OpenTelemetry SDK is in a chunk of its own that nothing imports statically, only import()', () => {
    if (!existsSync(node)) throw new Error('No build: run `npm run build` (npm test does it first).');
    const files = readdirSync(node).filter((file) => file.endsWith('.mjs'));
    const sdk = files.filter((file) => readFileSync(join(node, file), 'utf8').includes('@opentelemetry/sdk-trace-node'));
    expect(sdk).toHaveLength(1);
    expect(staticImports('worker.mjs').length).toBeGreaterThan(0); // the scan sees the bundle's static imports
    expect(files.filter((file) => staticImports(file).includes(sdk[0]!))).toEqual([]);
    expect(files.filter((file) => readFileSync(join(node, file), 'utf8').includes(`import("./${sdk[0]}")`)).length).toBeGreaterThan(0);
  });
});

function client(): string {
  return join(ROOT, 'dist', 'client');
}

/** Issue 41: the form's Spanish (the definition's `…Es` siblings, Spanish country names) is data of a Spanish page, never script. */
describe('client build: Spanish', () => {
  test('no client JavaScript carries the Spanish of the form definition or of the countries', () => {
    const client = join(ROOT, 'dist', 'client');
    if (!existsSync(client)) throw new Error('No build: run `npm run build` (npm test does it first).');
    const spanish = /Sexo legal al nacer|Femenino|Afganistán|Contabilidad \(BS\)|Tu historial académico/;
    expect(
      scripts(client)
        .filter((file) => spanish.test(readFileSync(file, 'utf8')))
        .map((file) => file.slice(client.length)),
    ).toEqual([]);
    // The English is there: the marker would find the Spanish if the build kept it.
    expect(scripts(client).some((file) => readFileSync(file, 'utf8').includes('Legal Sex at Birth'))).toBe(true);
  });
});
