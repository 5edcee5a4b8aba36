import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMailCatcher } from '@fie/mailcatcher';
import { mailSettled, startCms, type TestCms } from '../helpers/strapi';
import { client, codeIn, createAccount } from '../helpers/http';
import { MESSAGES, MESSAGES_ES, authResponseSchema, profileSchema } from '@fie/domain';

let cms: TestCms;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let api: ReturnType<typeof client>;
let n = 0;
const freshEmail = () => `seeker${++n}.${Date.now()}@example.com`;
const clock = () => cms.strapi.plugin('platform').service('clock');
const advance = (seconds: number) => {
  clock().offsetMs += seconds * 1000;
};

beforeAll(async () => {
  mail = await startMailCatcher({ port: 0 });
  cms = await startCms({ env: { SMTP_PORT: String(mail.port) } });
  api = client(cms.url);
});
afterAll(async () => {
  await cms?.stop();
  await mail?.close();
});
beforeEach(async () => {
  clock().offsetMs = 0;
  // Every test comes from 127.0.0.1: start each without the per-network counts left by the others.
  await cms.strapi.db.query('plugin::platform.rate-limit-bucket').deleteMany({});
});

async function codeFor(email: string, subject: RegExp) {
  const message = await mail.waitFor({ to: email, subject });
  return codeIn(message.text);
}

describe('sign-up with an e-mailed code', () => {
  it('register → code by e-mail → verify signs the user in; the account cannot sign in before', async () => {
    const email = freshEmail();
    const signup = await api.post('/api/signup', { email, password: 'Passw0rdOk', role: 'superadmin' });
    expect(signup.status).toBe(201);
    expect(signup.body).toEqual({
      id: expect.any(String),
      email,
      role: 'user',
      fullName: email.split('@')[0],
    });

    const early = await api.post('/api/login', { email, password: 'Passw0rdOk' });
    expect(early.status).toBe(403);
    expect(early.body.message).toMatch(/verify your email/i);

    const message = await mail.waitFor({ to: email, subject: /verification code/ });
    expect(message.html).toContain(codeIn(message.text));
    const verified = await api.post('/api/otp/verify', { email, userOtp: codeIn(message.text) });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      token: expect.any(String),
      id: signup.body.id,
      email,
      role: 'user',
      fullName: email.split('@')[0],
    });
    expect(verified.refreshCookie).toBeTruthy();
    expect(verified.headers.getSetCookie().join(';')).toMatch(/httponly/i);

    const profile = await api.get('/api/profile', { token: verified.body.token });
    expect(profile.status).toBe(200);
    expect(profile.body.email).toBe(email);
    // The site parses the answer with the domain's schema, which needs `_id`.
    expect(profileSchema.parse(profile.body)).toMatchObject({
      _id: signup.body.id,
      email,
      role: 'user',
      phone: null,
      location: null,
      language: 'en',
    });

    // The `role` in the sign-up body was ignored.
    const user = await cms.strapi.db
      .query('plugin::users-permissions.user')
      .findOne({ where: { email }, populate: ['role'] });
    expect(user.role.type).toBe('authenticated');
    expect(user.confirmed).toBe(true);

    // A code works once.
    const again = await api.post('/api/otp/verify', { email, userOtp: codeIn(message.text) });
    expect(again.status).toBe(400);
  });

  it('signing up again for an unconfirmed address restarts verification with the new password', async () => {
    const email = freshEmail();
    await api.post('/api/signup', { email, password: 'FirstPass1' });
    const firstCode = await codeFor(email, /verification code/);
    mail.clear();
    advance(61);
    expect((await api.post('/api/signup', { email, password: 'SecondPass2' })).status).toBe(201);
    const secondCode = await codeFor(email, /verification code/);
    if (firstCode !== secondCode)
      expect((await api.post('/api/otp/verify', { email, userOtp: firstCode })).status).toBe(400);
    expect((await api.post('/api/otp/verify', { email, userOtp: secondCode })).status).toBe(200);
    expect((await api.post('/api/login', { email, password: 'SecondPass2' })).status).toBe(200);
    expect(await cms.strapi.db.query('plugin::users-permissions.user').count({ where: { email } })).toBe(1);
  });

  it('signing up with a confirmed address answers the same shape and e-mails the owner instead', async () => {
    const email = freshEmail();
    await createAccount(cms.strapi, email, 'OwnerPass1');
    const res = await api.post('/api/signup', { email, password: 'Intruder99' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[a-z0-9]{24}$/),
      email,
      role: 'user',
      fullName: email.split('@')[0],
    });
    const notice = await mail.waitFor({ to: email, subject: /already have/ });
    expect(notice.text).toMatch(/already has one/);
    await mailSettled(cms);
    expect(mail.messages.some((m: any) => m.to.includes(email) && /verification code/.test(m.subject))).toBe(
      false,
    );
    // The owner's password is untouched.
    expect((await api.post('/api/login', { email, password: 'OwnerPass1' })).status).toBe(200);
  });

  it('refuses a weak password or a bad e-mail with a clear 400', async () => {
    const weak = await api.post('/api/signup', { email: freshEmail(), password: 'password' });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toMatch(/uppercase|digit|number/i);
    const bad = await api.post('/api/signup', { email: 'not-an-email', password: 'Passw0rdOk' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please enter a valid email address');
  });
});

describe('the language setting', () => {
  const USERS = 'plugin::users-permissions.user';
  const languageOf = async (email: string) =>
    (await cms.strapi.db.query(USERS).findOne({ where: { email } }))?.language;

  it("sign-up keeps the page's language, and the profile answers it", async () => {
    const email = freshEmail();
    expect((await api.post('/api/signup', { email, password: 'Passw0rdOk', language: 'fr' })).status).toBe(
      201,
    );
    expect(await languageOf(email)).toBe('fr');
    const verified = await api.post('/api/otp/verify', {
      email,
      userOtp: await codeFor(email, /Votre code de vérification/),
    });
    expect(verified.status).toBe(200);
    // The answer that signs the new account in carries its language, so the site opens in it.
    expect(verified.body.language).toBe('fr');
    const profile = await api.get('/api/profile', { token: verified.body.token });
    expect(profileSchema.parse(profile.body).language).toBe('fr');
    // So does every sign-in, whatever page it comes from.
    const signedIn = await api.post('/api/login', { email, password: 'Passw0rdOk' });
    expect(signedIn.status).toBe(200);
    expect(authResponseSchema.parse(signedIn.body).language).toBe('fr');
  });

  it('sign-up refuses a language the site does not speak, and keeps nothing', async () => {
    const refused: string[] = [];
    for (const language of ['de', 'EN', 'fr-FR', '', 1, null]) {
      const email = freshEmail();
      refused.push(email);
      const res = await api.post('/api/signup', { email, password: 'Passw0rdOk', language });
      expect(res.status, String(language)).toBe(400);
      expect(res.body.message).toBe(MESSAGES.invalidLanguage);
      expect(await cms.strapi.db.query(USERS).count({ where: { email } })).toBe(0);
    }
    await mailSettled(cms);
    expect(mail.messages.filter((m: any) => refused.some((email) => m.to.includes(email)))).toEqual([]);
  });

  it("signing up with a confirmed address leaves the owner's language alone", async () => {
    const email = freshEmail();
    await createAccount(cms.strapi, email, 'OwnerPass1');
    expect((await api.post('/api/signup', { email, password: 'Intruder99', language: 'es' })).status).toBe(
      201,
    );
    expect(await languageOf(email)).toBe('en');
  });

  it('PUT /api/profile saves en, fr or es for the signed-in account only, and refuses anything else', async () => {
    const email = freshEmail();
    await createAccount(cms.strapi, email, 'OwnerPass1');
    const other = freshEmail();
    await createAccount(cms.strapi, other, 'OtherPass1');
    const token = (await api.post('/api/login', { email, password: 'OwnerPass1' })).body.token;

    const saved = await api.put('/api/profile', { language: 'es' }, { token });
    expect(saved.status).toBe(200);
    expect(saved.body.language).toBe('es');
    expect((await api.get('/api/profile', { token })).body.language).toBe('es');
    expect(await languageOf(email)).toBe('es');
    expect(await languageOf(other)).toBe('en');

    for (const language of ['de', 'ES', ' fr', 'english', 0, null, ['fr'], { code: 'fr' }]) {
      const refused = await api.put('/api/profile', { language }, { token });
      expect(refused.status, JSON.stringify(language)).toBe(400);
      // Told in the account's language, Spanish by now.
      expect(refused.body.message).toBe(MESSAGES_ES.invalidLanguage);
    }
    expect(await languageOf(email)).toBe('es');

    // Other fields save without touching it; signed out, nothing is saved.
    expect((await api.put('/api/profile', { fullName: 'Ama Owusu' }, { token })).body.language).toBe('es');
    expect((await api.put('/api/profile', { language: 'fr' })).status).toBe(401);
    expect(await languageOf(email)).toBe('es');
  });

  it('e-mails a French sign-up its code in French, and a Spanish account its reset code in Spanish', async () => {
    const french = freshEmail();
    await api.post('/api/signup', { email: french, password: 'Passw0rdOk', language: 'fr' });
    const code = await mail.waitFor({
      to: french,
      subject: /^Votre code de vérification Fie Homes : \d{4}$/,
    });
    expect(code.text).toContain('Confirmez votre adresse e-mail');
    expect(code.text).toContain('Il est valable 60 minutes et ne sert qu’une fois.');
    expect(code.html).toContain('<html lang="fr">');
    expect(code.text).not.toMatch(/verification|Enter this code/);

    const spanish = freshEmail();
    await createAccount(cms.strapi, spanish, 'OwnerPass1');
    await cms.strapi.db.query(USERS).update({ where: { email: spanish }, data: { language: 'es' } });
    // 15:04 in Accra (UTC all year) on 22 January 2030: ahead of any run, so the code is not stale.
    clock().offsetMs = Date.parse('2030-01-22T15:04:00Z') - Date.now();
    await api.post('/api/otp', { email: spanish, purpose: 'reset' });
    const reset = await mail.waitFor({
      to: spanish,
      subject: /^Tu código para restablecer la contraseña de Fie Homes: \d{4}$/,
    });
    expect(reset.text).toContain(
      'Alguien pidió restablecer la contraseña de tu cuenta de Fie Homes el 22 de enero de 2030 a las 15:04 (hora de Acra).',
    );
    expect(reset.text).toMatch(
      /Si no fuiste tú, ignora este correo: tu contraseña sigue siendo la misma\. Si vuelve a ocurrir, escríbenos a \S+@\S+\./,
    );
    expect(reset.html).toContain('<html lang="es">');
  });

  it('keeps English e-mails as they were for an English account', async () => {
    const email = freshEmail();
    await createAccount(cms.strapi, email, 'OwnerPass1');
    clock().offsetMs = Date.parse('2030-01-22T15:04:00Z') - Date.now();
    await api.post('/api/otp', { email, purpose: 'reset' });
    const reset = await mail.waitFor({ to: email, subject: /^Your Fie Homes password reset code: \d{4}$/ });
    expect(reset.text).toContain(
      'Someone asked to reset the password of your Fie Homes account on 22 January 2030 at 15:04 (Accra time).',
    );
    expect(reset.html).toContain('<html lang="en">');
  });

  it('an account from before the setting (no language kept) reads as English', async () => {
    const email = freshEmail();
    await createAccount(cms.strapi, email, 'OwnerPass1');
    await cms.strapi.db.connection('up_users').where({ email }).update({ language: null });
    const token = (await api.post('/api/login', { email, password: 'OwnerPass1' })).body.token;
    expect((await api.get('/api/profile', { token })).body.language).toBe('en');
  });
});

describe('code rules', () => {
  it('refuses a resend before 60 s with 429 and the seconds to wait, then allows it', async () => {
    const email = freshEmail();
    await api.post('/api/signup', { email, password: 'Passw0rdOk' });
    const early = await api.post('/api/otp', { email, msg: 'registration' });
    expect(early.status).toBe(429);
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(early.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(early.body.message).toMatch(/wait \d+ seconds/);
    advance(61);
    const later = await api.post('/api/otp', { email, msg: 'registration' });
    expect(later.status).toBe(200);
    expect(later.body.message).toBe('OTP sent successfully! Please check your email.');
  });

  it('voids a code after 5 wrong tries', async () => {
    const email = freshEmail();
    await api.post('/api/signup', { email, password: 'Passw0rdOk' });
    const code = await codeFor(email, /verification code/);
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 4; i++) {
      const res = await api.post('/api/otp/verify', { email, userOtp: wrong });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid OTP. Please try again.');
    }
    expect((await api.post('/api/otp/verify', { email, userOtp: wrong })).body.message).toMatch(
      /Too many wrong codes/,
    );
    const late = await api.post('/api/otp/verify', { email, userOtp: code });
    expect(late.status).toBe(400);
  });

  it('answers 410 for an expired code', async () => {
    const email = freshEmail();
    await api.post('/api/signup', { email, password: 'Passw0rdOk' });
    const code = await codeFor(email, /verification code/);
    advance(3601);
    const res = await api.post('/api/otp/verify', { email, userOtp: code });
    expect(res.status).toBe(410);
    expect(res.body.message).toBe('OTP has expired. Please request a new one.');
  });

  it('sends at most 5 codes per address per hour', async () => {
    const email = freshEmail();
    await api.post('/api/signup', { email, password: 'Passw0rdOk' });
    for (let i = 0; i < 4; i++) {
      advance(61);
      expect((await api.post('/api/otp', { email })).status).toBe(200);
    }
    advance(61);
    const sixth = await api.post('/api/otp', { email });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/Too many codes/);
  });

  it('caps wrong tries per address per day across codes', async () => {
    const email = freshEmail();
    await api.post('/api/signup', { email, password: 'Passw0rdOk' });
    let failures = 0;
    for (let round = 0; round < 3; round++) {
      if (round > 0) {
        mail.clear();
        advance(61);
        expect((await api.post('/api/otp', { email })).status).toBe(200);
      }
      const code = await codeFor(email, /verification code/);
      const wrong = code === '0000' ? '1111' : '0000';
      for (let i = 0; i < 5; i++) {
        if ((await api.post('/api/otp/verify', { email, userOtp: wrong })).status === 400) failures++;
      }
    }
    expect(failures).toBe(15);
    mail.clear();
    advance(61);
    await api.post('/api/otp', { email });
    const code = await codeFor(email, /verification code/);
    // Even the right code is refused for the rest of the day.
    const blocked = await api.post('/api/otp/verify', { email, userOtp: code });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/today/);
  });

  it('gives the same answer for an unknown address and e-mails nobody; client text never reaches an e-mail', async () => {
    const unknown = freshEmail();
    const res = await api.post('/api/otp', { email: unknown, msg: '<b>Click http://evil.example</b> reset' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('OTP sent successfully! Please check your email.');

    const email = freshEmail();
    await createAccount(cms.strapi, email, 'OwnerPass1');
    await api.post('/api/otp', { email, msg: 'Please RESET my password via http://evil.example' });
    const message = await mail.waitFor({ to: email, subject: /password reset code/ });
    expect(message.text).not.toContain('evil');
    expect(message.html).not.toContain('evil');
    expect(message.text).toMatch(/password reset was requested/i);
    await mailSettled(cms);
    expect(mail.messages.some((m: any) => m.to.includes(unknown))).toBe(false);
  });
});

describe('password reset', () => {
  it('needs a verified reset code, ends every old session, and tells the owner', async () => {
    const email = freshEmail();
    await createAccount(cms.strapi, email, 'OldPass123');
    const oldSession = await api.post('/api/login', { email, password: 'OldPass123' });
    expect(oldSession.status).toBe(200);

    const unverified = await api.post('/api/forgot-password', { email, newPassword: 'NewPass456' });
    expect(unverified.status).toBe(403);

    await api.post('/api/otp', { email, msg: 'password reset' });
    const code = await codeFor(email, /password reset code/);
    const verified = await api.post('/api/otp/verify', { email, userOtp: code });
    expect(verified.status).toBe(200);
    expect(verified.body.message).toBe('OTP verified! You can now reset your password.');
    expect(verified.body.token).toBeUndefined();

    const weak = await api.post('/api/forgot-password', { email, newPassword: 'weak' });
    expect(weak.status).toBe(400);
    const reset = await api.post('/api/forgot-password', { email, newPassword: 'NewPass456' });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Password reset successfully! You can now login with your new password.');

    expect((await api.get('/api/profile', { token: oldSession.body.token })).status).toBe(401);
    expect((await api.post('/api/refresh', undefined, { cookie: oldSession.refreshCookie })).status).toBe(
      401,
    );
    expect((await api.post('/api/login', { email, password: 'OldPass123' })).status).toBe(401);
    expect((await api.post('/api/login', { email, password: 'NewPass456' })).status).toBe(200);
    await mail.waitFor({ to: email, subject: /password was changed/ });

    // One verification allows one reset.
    expect((await api.post('/api/forgot-password', { email, newPassword: 'Another789' })).status).toBe(403);
  });

  it('lets a verified reset lapse after 15 minutes', async () => {
    const email = freshEmail();
    await createAccount(cms.strapi, email, 'OldPass123');
    await api.post('/api/otp', { email, purpose: 'reset' });
    const code = await codeFor(email, /password reset code/);
    expect((await api.post('/api/otp/verify', { email, userOtp: code })).status).toBe(200);
    advance(15 * 60 + 1);
    expect((await api.post('/api/forgot-password', { email, newPassword: 'NewPass456' })).status).toBe(403);
  });
});

describe('housekeeping', () => {
  it('purges codes older than two days and ended throttle windows, and keeps the rest', async () => {
    const email = freshEmail();
    await api.post('/api/signup', { email, password: 'Passw0rdOk' });
    await api.post('/api/login', { email: freshEmail(), password: 'Wrong12345' });
    const codes = () => cms.strapi.db.query('plugin::accounts.otp-code').count({ where: { email } });
    // The nightly purge: the accounts plugin's of codes, the platform plugin's of ended windows.
    const purges = [
      cms.strapi.plugin('accounts').service('housekeeping'),
      cms.strapi.plugin('platform').service('housekeeping'),
    ];
    const housekeeping = {
      purgeExpired: async () =>
        Object.assign({}, ...(await Promise.all(purges.map((p) => p.purgeExpired())))),
    };
    await housekeeping.purgeExpired();
    expect(await codes()).toBe(1);
    advance(2 * 86_400 + 60);
    const purged = await housekeeping.purgeExpired();
    expect(await codes()).toBe(0);
    expect(purged.buckets).toBeGreaterThan(0);
    expect(await cms.strapi.db.query('plugin::platform.rate-limit-bucket').count({})).toBe(0);
  });
});
