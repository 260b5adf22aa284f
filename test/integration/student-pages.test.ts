import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { PAGE_IDS } from '../../form/definition.js';

/**
 * Issue 28, ADR 0300: after vike has rendered a form page for a student once in this process, a student's next
 * plain request of it is rendered into that page's kept shell without vike. Both ways must send the same
 * document, with this request's nonce and this student's answers; anything else still goes through vike.
 */
let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  await loadVikeBuild();
  ctx = await createTestApp();
  alice = await createLoggedInUser(ctx);
  bob = await createLoggedInUser(ctx);
  await request(ctx.app).put('/api/answer').set('Cookie', alice.cookie).send({ first_name: 'Alice', city: 'Provo' }).expect(200);
  await request(ctx.app).put('/api/answer').set('Cookie', bob.cookie).send({ first_name: 'Bob', city: 'Ogden' }).expect(200);
});
afterAll(() => ctx?.close());

/** How many pages each renderer has rendered so far (GET /metrics, fa_page_renders_total). */
async function renders(): Promise<Record<string, number>> {
  const text = (await request(ctx.app).get('/metrics').expect(200)).text;
  const out: Record<string, number> = {};
  for (const m of text.matchAll(/^fa_page_renders_total\{renderer="([^"]+)"[^}]*\} (\d+)/gm)) out[m[1]!] = Number(m[2]);
  return out;
}

async function rendered<T>(action: () => Promise<T>): Promise<{ result: T; by: Record<string, number> }> {
  const before = await renders();
  const result = await action();
  const after = await renders();
  const by: Record<string, number> = {};
  for (const [name, count] of Object.entries(after)) if (count !== (before[name] ?? 0)) by[name] = count - (before[name] ?? 0);
  return { result, by };
}

const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];

/** What legitimately differs between two renders of the same page: the CSP nonce, and the sealed owner token (a fresh IV each time). */
const comparable = (html: string, nonce: string) =>
  html
    .split(nonce)
    .join('NONCE')
    .replace(/owner&quot;:&quot;[^&]+&quot;/g, 'owner')
    .replace(/name="@owner" value="[^"]+"/g, 'owner');

describe('a student’s form page in its kept shell (ADR 0300)', () => {
  it.each(PAGE_IDS.map((id) => `/${id}`))('%s: the second request is rendered without vike and sends the same document', async (path) => {
    const get = () => request(ctx.app).get(path).set('Cookie', alice.cookie).expect(200);
    const first = await get();
    const { result: second, by } = await rendered(get);
    expect(by).toEqual({ 'student-shell': 1 });
    const [firstNonce, secondNonce] = [
      nonceOf(first.headers['content-security-policy']),
      nonceOf(second.headers['content-security-policy']),
    ];
    expect(firstNonce).toBeTruthy();
    expect(secondNonce).not.toBe(firstNonce);
    // The page's script carries this response's nonce, the one its CSP allows.
    expect(second.text).toContain(`nonce="${secondNonce}"`);
    expect(second.text).not.toContain(firstNonce!);
    expect(comparable(second.text, secondNonce!)).toBe(comparable(first.text, firstNonce!));
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
  });

  it('renders each student’s own answers, greeting and account', async () => {
    await request(ctx.app).get('/about').set('Cookie', alice.cookie).expect(200);
    const { result: page, by } = await rendered(() => request(ctx.app).get('/about').set('Cookie', bob.cookie).expect(200));
    expect(by).toEqual({ 'student-shell': 1 });
    expect(page.text).toContain('value="Ogden"');
    expect(page.text).toContain(bob.username);
    expect(page.text).not.toContain('Provo');
    expect(page.text).not.toContain(alice.username);
  });

  it('answers HEAD with the headers and no body', async () => {
    await request(ctx.app).get('/education').set('Cookie', alice.cookie).expect(200);
    const { result: head, by } = await rendered(() => request(ctx.app).head('/education').set('Cookie', alice.cookie).expect(200));
    expect(by).toEqual({ 'student-shell': 1 });
    expect(head.text ?? '').toBe('');
    expect(head.headers['content-type']).toMatch(/^text\/html/);
  });

  it('leaves the §2 first-load redirect to vike’s way: a returning student still goes to their last page', async () => {
    const carol = await createLoggedInUser(ctx);
    await request(ctx.app).get('/about').set('Cookie', carol.cookie).expect(200);
    await request(ctx.app).put('/api/last-page').set('Cookie', carol.cookie).send({ last_page: '/final-steps' }).expect(200);
    const { result: res, by } = await rendered(() => request(ctx.app).get('/about').set('Cookie', carol.cookie));
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/final-steps');
    expect(by).toEqual({ vike: 1 });
  });

  it('renders a page with a query string, a visitor’s page with a cookie, or an unknown session through vike', async () => {
    await request(ctx.app).get('/education').set('Cookie', alice.cookie).expect(200);
    const search = await rendered(() => request(ctx.app).get('/education?lookup=hs_name&q=Provo').set('Cookie', alice.cookie).expect(200));
    expect(search.by).toEqual({ vike: 1 });
    const stranger = await rendered(() =>
      request(ctx.app)
        .get('/education')
        .set('Cookie', `${alice.cookie.split('=')[0]}=not-a-session`)
        .expect(200),
    );
    expect(stranger.by).toEqual({ vike: 1 });
    expect(stranger.result.text).not.toContain(alice.username);
  });
});
