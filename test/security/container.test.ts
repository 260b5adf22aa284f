import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ROOT } from '../helpers/paths.js';
import { chromiumArgs } from '../../workers/pdf/warm-browser.server.js';

/**
 * Issue 13 item 12: the image ran everything as root on Node 20 (end of life April 2026), with Chromium's
 * sandbox off. Docker cannot run here, so the files are checked as text.
 */
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
const instructions = dockerfile
  .split('\n')
  .filter((line) => /^[A-Z]+\s/.test(line))
  .map((line) => line.trim());

describe('Dockerfile', () => {
  it('builds and runs on Node 24 LTS', () => {
    for (const from of instructions.filter((i) => i.startsWith('FROM '))) expect(from).toMatch(/^FROM node:24[-.\w]*( AS \w+)?$/);
  });

  it('runs the application as a non-root user', () => {
    const users = instructions.filter((i) => i.startsWith('USER '));
    const cmdAt = instructions.findIndex((i) => i.startsWith('CMD '));
    const lastUserAt = instructions.map((i) => i.startsWith('USER ')).lastIndexOf(true);
    expect(users.length).toBeGreaterThan(0);
    expect(lastUserAt).toBeLessThan(cmdAt);
    expect(users.at(-1)).not.toMatch(/^USER\s+(root|0)(:|\s*$)/);
  });
});

/** The instructions of the image that runs (the last stage). */
const runtime = instructions.slice(instructions.map((i) => i.startsWith('FROM ')).lastIndexOf(true));
/** The last stage's lines with their continuations, comments left out, for the packages a RUN installs. */
const runtimeText = dockerfile
  .slice(dockerfile.lastIndexOf('\nFROM '))
  .split('\n')
  .filter((line) => !line.startsWith('#'))
  .join('\n');

describe('the image that runs (docs/decisions/0260-one-build.md)', () => {
  it('is built in a stage of its own, and the image that runs takes only dist/ from it', () => {
    expect(instructions.filter((i) => i.startsWith('FROM '))).toHaveLength(2);
    expect(instructions).toContain('RUN npm run build');
    expect(runtime.filter((i) => i.startsWith('COPY --from='))).toEqual(['COPY --from=build /app/dist ./dist']);
    expect(runtime).not.toContain('COPY . .');
  });

  it('installs the production dependencies only, so no build tool is there to run', () => {
    expect(runtime.filter((i) => /^RUN npm (ci|install)\b/.test(i))).toEqual(['RUN npm ci --omit=dev --no-audit --no-fund']);
    const { dependencies } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    for (const tool of ['tsx', 'esbuild', 'vite', '@vitejs/plugin-react']) expect([tool, tool in dependencies]).toEqual([tool, false]);
  });

  it('starts the built server with node', () => {
    expect(runtime.at(-1)).toBe('CMD ["node", "dist/node/start.mjs"]');
  });

  it('holds no package only the tests need (poppler reads PDFs back in tests)', () => {
    expect(runtimeText).not.toMatch(/poppler/);
    expect(runtimeText).toMatch(/chromium/);
  });
});

describe("Chromium's sandbox", () => {
  it('is on for a non-root process (the container); only root, where Chromium cannot sandbox, turns it off', () => {
    expect(chromiumArgs(false)).not.toContain('--no-sandbox');
    expect(chromiumArgs(true)).toContain('--no-sandbox');
  });

  it('has its container trade-off written down in an ADR the compose file points to', () => {
    const adr = join(ROOT, 'docs', 'decisions', '0063-chromium-sandbox-and-container-user.md');
    expect(existsSync(adr)).toBe(true);
    const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true });
    expect(compose.services.worker.security_opt).toEqual(['seccomp=unconfined']);
    expect(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')).toContain('0063-chromium-sandbox-and-container-user.md');
  });
});
