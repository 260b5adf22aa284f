import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { renderToString } from 'react-dom/server';
import { createElement } from 'react';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { hydratesAtLoad, Island } from '../../islands/Island.js';

/**
 * Issue 28: a tap at the instant of load must not wait for React to be fetched, compiled and run in one long task.
 * A page with an island that hydrates at load names React's chunk in a low-priority modulepreload link, so the
 * browser has it while the page loads; a page whose islands wait for interaction does not download it.
 */
let ctx: TestContext;

beforeAll(async () => {
  await loadVikeBuild();
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" href="([^"]+)" fetchpriority="low" \/>/g)].map((m) => m[1]!);

describe('React preloaded where an island hydrates at load', () => {
  it.each(['/about', '/education', '/final-steps', '/login', '/signup'])(
    '%s names React’s chunk once, in the head, and the chunk is served',
    async (path) => {
      const page = await request(ctx.app).get(path).expect(200);
      const hrefs = preloads(page.text);
      expect(hrefs).toHaveLength(1);
      expect(page.text.indexOf('<link rel="modulepreload"')).toBeLessThan(page.text.indexOf('</head>'));
      const chunk = await request(ctx.app).get(hrefs[0]!).expect(200);
      expect(chunk.headers['content-type']).toMatch(/javascript/);
      // React's chunk: react-dom's client (hydrateRoot) with V8's compile hint on its first line.
      expect(chunk.text.startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
      expect(chunk.text).toContain('hydrateRoot');
    },
  );

  it('tells an island that hydrates at load from one that waits for interaction or a toast', () => {
    const render = (hydrate: 'load' | 'interaction' | 'toast') =>
      renderToString(
        createElement(Island, { name: 'HelpModal', component: () => createElement('p', null, 'Help'), props: { a: '"quoted"' }, hydrate }),
      );
    expect(hydratesAtLoad(render('load'))).toBe(true);
    expect(hydratesAtLoad(render('interaction'))).toBe(false);
    expect(hydratesAtLoad(render('toast'))).toBe(false);
    expect(hydratesAtLoad(render('interaction') + render('toast'))).toBe(false);
    expect(hydratesAtLoad(render('toast') + render('load'))).toBe(true);
  });
});
