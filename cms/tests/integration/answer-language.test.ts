import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, MESSAGES_ES, MESSAGES_FR } from '@fie/domain';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, createAccount } from '../helpers/http';

// The API's user-facing messages follow the reader: a signed-in seeker's profile language, otherwise
// the page's language the site sends as Accept-Language, otherwise English; staff always read English.
let cms: TestCms;
let api: ReturnType<typeof client>;
let n = 0;

beforeAll(async () => {
  cms = await startCms();
  api = client(cms.url);
});
afterAll(async () => {
  await cms?.stop();
});

const wrongPassword = (language?: string) =>
  api.post(
    '/api/login',
    { email: `nobody.${++n}@answers.example.com`, password: 'WrongPass123' },
    language ? { headers: { 'accept-language': language } } : undefined,
  );

async function seeker(role: 'authenticated' | 'superadmin', language?: string) {
  const email = `reader.${++n}@answers.example.com`;
  await createAccount(cms.strapi, email, 'GoodPass123', role);
  if (language)
    await cms.strapi.db
      .query('plugin::users-permissions.user')
      .update({ where: { email }, data: { language } });
  const res = await api.post('/api/login', { email, password: 'GoodPass123' });
  expect(res.status).toBe(200);
  return res.body.token as string;
}

describe('the language of the API’s messages', () => {
  it('answers a signed-out caller in the language it asks for, and in English otherwise', async () => {
    const french = await wrongPassword('fr');
    expect(french.status).toBe(401);
    expect(french.body.message).toBe(MESSAGES_FR.invalidCredentials);
    expect(french.body.error.message).toBe(MESSAGES_FR.invalidCredentials);
    expect(french.headers.get('vary')).toMatch(/accept-language/i);
    expect((await wrongPassword('es-ES,es;q=0.9,en;q=0.5')).body.message).toBe(
      MESSAGES_ES.invalidCredentials,
    );
    // The page's <html lang> as the footer sends it.
    expect((await wrongPassword('en-GH')).body.message).toBe(MESSAGES.invalidCredentials);
    expect((await wrongPassword('de-DE,de;q=0.9')).body.message).toBe(MESSAGES.invalidCredentials);
    expect((await wrongPassword()).body.message).toBe(MESSAGES.invalidCredentials);
    expect((await wrongPassword('*;q=0,fr;q=x')).status).toBe(401);
  });

  it('translates each field’s message of a refused form, not only the first', async () => {
    const res = await api.post(
      '/api/signup',
      { email: 'not-an-address', password: 'short', language: 'fr' },
      { headers: { 'accept-language': 'fr' } },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES_FR.invalidEmail);
    const fields = (res.body.error.details.errors as { path: string; message: string }[]).map(
      (e) => e.message,
    );
    expect(fields).toContain(MESSAGES_FR.invalidEmail);
    expect(fields).toContain(MESSAGES_FR.passwordTooShort);
    expect(fields.some((m) => Object.values(MESSAGES).includes(m as never))).toBe(false);
  });

  it('says a check with values (a field and its limit) in the asked language', async () => {
    const res = await api.get('/api/products?bedrooms=two&search=' + 'x'.repeat(101), {
      headers: { 'accept-language': 'es' },
    });
    expect(res.status).toBe(400);
    const fields = (res.body.error.details.errors as { path: string; message: string }[]).map(
      (e) => e.message,
    );
    expect(fields).toContain('Búsqueda: 100 caracteres como máximo');
    expect(fields).toContain('Dormitorios: un número entero de 0 o más');
    const english = await api.get('/api/products?bedrooms=two');
    expect(english.body.error.message).toBe('Bedrooms must be a whole number of 0 or more');
  });

  it('answers a success message in the asked language too', async () => {
    const res = await api.post(
      '/api/newsletter',
      { email: `news.${++n}@answers.example.com` },
      { headers: { 'accept-language': 'es' } },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MESSAGES_ES.newsletterSubscribed);
  });

  it('answers a signed-in seeker in their profile language, whatever the browser asks, and follows a change', async () => {
    const token = await seeker('authenticated', 'fr');
    const refused = await api.put(
      '/api/profile',
      { language: 'de' },
      { token, headers: { 'accept-language': 'en' } },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MESSAGES_FR.invalidLanguage);
    expect(refused.headers.get('vary') ?? '').not.toMatch(/accept-language/i);
    const chosen = await api.put('/api/profile', { language: 'es' }, { token });
    expect(chosen.status).toBe(200);
    const again = await api.put(
      '/api/profile',
      { language: 'de' },
      { token, headers: { 'accept-language': 'fr' } },
    );
    expect(again.body.message).toBe(MESSAGES_ES.invalidLanguage);
  });

  it('answers staff in English, as the back-office is', async () => {
    const token = await seeker('superadmin', 'fr');
    const res = await api.put(
      '/api/profile',
      { language: 'de' },
      { token, headers: { 'accept-language': 'fr' } },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.invalidLanguage);
  });
});
