import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCms, type TestCms } from '../helpers/strapi';
import { client } from '../helpers/http';

// Port 2 on 127.0.0.1 has no SMTP server: every e-mail fails to send.
let cms: TestCms;
beforeAll(async () => {
  cms = await startCms({ env: { SMTP_PORT: '2' } });
});
afterAll(async () => {
  await cms?.stop();
});

describe('when e-mail cannot be sent', () => {
  it('sign-up and code requests answer 503 with a message, and asking again is not throttled', async () => {
    const api = client(cms.url);
    const email = 'nomail@example.com';
    const res = await api.post('/api/signup', { email, password: 'Passw0rdOk' });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('We could not send the e-mail right now. Please try again in a few minutes.');
    // The unsent code was withdrawn, so the retry meets the mail failure again rather than a 429.
    expect((await api.post('/api/otp', { email })).status).toBe(503);
    expect(await cms.strapi.db.query('plugin::accounts.otp-code').count({ where: { email } })).toBe(0);
  });
});

describe('Google sign-in, not configured', () => {
  it('hides the button and answers the start URL with 503', async () => {
    expect(await (await fetch(`${cms.url}/api/auth-config`)).json()).toEqual({ google: false });
    const res = await fetch(`${cms.url}/api/auth/google`, { redirect: 'manual' });
    expect(res.status).toBe(503);
    expect((await res.json()).message).toBe('Google sign-in is not configured.');
  });
});
