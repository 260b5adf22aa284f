import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { createLoggedInUser } from '../helpers/users.js';

let ctx: TestContext;
beforeAll(async () => {
  await loadVikeBuild();
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const languageOf = async (id: string) =>
  ((await ctx.db.knex('users').where({ id }).first('language')) as { language: string | null }).language;

describe('the language of the applicant pages (issue 41, ADR 0410)', () => {
  it('follows Accept-Language on a first visit: <html lang>, the title and the page in Spanish, and the switch names English', async () => {
    const res = await request(ctx.app).get('/signup').set('Accept-Language', 'es-MX,es;q=0.9').expect(200);
    expect(res.text).toMatch(/<html lang="es"/);
    expect(res.text).toContain('<title>Crea tu cuenta - Solicitud de Primer Ingreso</title>');
    expect(res.text).toMatch(/<a class="language-switch" href="\?lang=en" hrefLang="en" lang="en">English<\/a>/);
    expect(res.headers.vary).toMatch(/Accept-Language/);
    const english = await request(ctx.app).get('/signup').expect(200);
    expect(english.text).toMatch(/<html lang="en"/);
    expect(english.text).toContain('hrefLang="es" lang="es">Español</a>');
  });

  it('the visitor pages kept for a second are kept per language', async () => {
    const es = await request(ctx.app).get('/about').set('Accept-Language', 'es').expect(200);
    const en = await request(ctx.app).get('/about').set('Accept-Language', 'en').expect(200);
    const es2 = await request(ctx.app).get('/about').set('Accept-Language', 'es').expect(200);
    expect(es.text).toContain('<h1 class="form-page-title">Sobre ti</h1>');
    expect(en.text).toContain('<h1 class="form-page-title">About You</h1>');
    expect(es2.text).toContain('<h1 class="form-page-title">Sobre ti</h1>');
    // Only Spanish pages carry their islands' texts, once.
    expect(es.text.match(/id="page-texts"/g)).toHaveLength(1);
    expect(en.text).not.toContain('id="page-texts"');
  });

  it('?lang= only sets the preference cookie and comes back without it: no database write on a GET', async () => {
    const user = await createLoggedInUser(ctx);
    const res = await request(ctx.app).get('/about?lang=es').set('Cookie', user.cookie).expect(303);
    expect(res.headers.location).toBe('/about');
    expect(([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('lang=es'))).toBeDefined();
    expect(await languageOf(user.id)).toBeNull();
    const page = await request(ctx.app).get('/about').set('Cookie', `${user.cookie}; lang=es`).expect(200);
    expect(page.text).toContain('<h1 class="form-page-title">Sobre ti</h1>');
    expect(await languageOf(user.id)).toBeNull();
    // The next state-changing request remembers it on the account; the account's language then applies anywhere.
    await request(ctx.app).put('/api/answer').set('Cookie', `${user.cookie}; lang=es`).send({ first_name: 'Ana' }).expect(200);
    expect(await languageOf(user.id)).toBe('es');
    const elsewhere = await request(ctx.app).get('/education').set('Cookie', user.cookie).set('Accept-Language', 'en').expect(200);
    expect(elsewhere.text).toMatch(/<html lang="es"/);
    // A cross-site post changes nothing, not even the language.
    await request(ctx.app)
      .put('/api/answer')
      .set('Cookie', `${user.cookie}; lang=en`)
      .set('Origin', 'https://evil.example')
      .send({ first_name: 'X' })
      .expect(403);
    expect(await languageOf(user.id)).toBe('es');
  });

  it("the answers keep the English descriptions the office reads, whatever the applicant's language", async () => {
    const user = await createLoggedInUser(ctx);
    await request(ctx.app).put('/api/answer').set('Cookie', `${user.cookie}; lang=es`).send({ gender: 'F' }).expect(200);
    const row = (await ctx.db.knex('applications').where({ user_id: user.id }).first('answers')) as { answers: Record<string, unknown> };
    expect(row.answers).toMatchObject({ gender: 'F', gender_desc: 'Female' });
  });
});
