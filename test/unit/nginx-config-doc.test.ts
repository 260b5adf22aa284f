import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/paths.js';
import { siteConfig } from '../load/nginx.js';

/** The nginx configuration docs/operations.md shows is the repository's file, which the load test runs (issue 40). */
describe('the nginx configuration', () => {
  const file = readFileSync(join(ROOT, 'ops', 'nginx', 'freshman-application.conf'), 'utf8');

  it('is shown in docs/operations.md exactly as the repository holds it', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'operations.md'), 'utf8');
    const block = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(block).toBe(file);
  });

  it('becomes, for the load test, one server line per web process and its own listen address, with no marker left', () => {
    const site = siteConfig([41001, 41002], '127.0.0.1:41000');
    expect(site).toContain(
      '    server 127.0.0.1:41001 max_fails=3 fail_timeout=10s;\n    server 127.0.0.1:41002 max_fails=3 fail_timeout=10s;',
    );
    expect(site).toContain('listen 127.0.0.1:41000;');
    expect(site.replace(/^\s*#.*$/gm, '')).not.toMatch(/@[A-Z_]+@/);
  });
});
