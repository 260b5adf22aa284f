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
  it('builds on Node 24 LTS', () => {
    expect(instructions.find((i) => i.startsWith('FROM '))).toMatch(/^FROM node:24[-.\w]*$/);
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
