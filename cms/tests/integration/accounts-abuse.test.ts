import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMailCatcher } from '@fie/mailcatcher';
import { MESSAGES } from '@fie/domain';
import { mailSettled, startCms, type TestCms } from '../helpers/strapi';
import { client, codeIn, createAccount } from '../helpers/http';

// Behind one trusted proxy the cms reads the client's network address from X-Forwarded-For, so
// these tests can act as an attacker and an owner on different networks.
let cms: TestCms;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let api: ReturnType<typeof client>;
let n = 0;
const freshEmail = () => `owner${++n}.${Date.now()}@example.com`;
let lastIp = 0;
const freshIp = () => `10.1.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
const advance = (seconds: number) => {
  cms.strapi.plugin('platform').service('clock').offsetMs += seconds * 1000;
};
const mailsTo = (email: string, subject: RegExp) =>
  mail.messages.filter((m: any) => m.to.includes(email) && subject.test(m.subject));
const wrongFor = (code: string) => (code === '0000' ? '1111' : '0000');

beforeAll(async () => {
  mail = await startMailCatcher({ port: 0 });
  cms = await startCms({ env: { SMTP_PORT: String(mail.port) } });
  api = client(cms.url);
});
afterAll(async () => {
  await cms?.stop();
  await mail?.close();
});
beforeEach(() => {
  cms.strapi.plugin('platform').service('clock').offsetMs = 0;
});

async function resetCodeFor(email: string, ip: string) {
  mail.clear();
  const res = await api.post('/api/otp', { email, msg: 'password reset' }, from(ip));
  expect(res.status).toBe(200);
  return codeIn((await mail.waitFor({ to: email, subject: /password reset code/ })).text);
}

describe('a code request cannot void or use up someone else’s codes', () => {
  it('an anonymous register-code request for a confirmed owner leaves their fresh reset code working and their quota untouched', async () => {
    const victim = freshEmail();
    await createAccount(cms.strapi, victim, 'OwnerPass1');
    const owner = freshIp();
    const attacker = freshIp();
    const code = await resetCodeFor(victim, owner);

    // A sign-up with the address and four register requests (the most an hour allows): all look
    // like success, none e-mails a code.
    expect(
      (await api.post('/api/signup', { email: victim, password: 'Intruder99' }, from(attacker))).status,
    ).toBe(201);
    for (let i = 0; i < 4; i++) {
      advance(61);
      const res = await api.post('/api/otp', { email: victim, msg: 'register' }, from(attacker));
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(MESSAGES.otpSent);
    }
    // A reset request 10 s after the owner's is refused and replaces nothing.
    cms.strapi.plugin('platform').service('clock').offsetMs = 10_000;
    expect((await api.post('/api/otp', { email: victim, msg: 'reset' }, from(attacker))).status).toBe(429);
    await mailSettled(cms);
    expect(mailsTo(victim, /verification code|password reset code/)).toHaveLength(1);

    const verified = await api.post('/api/otp/verify', { email: victim, userOtp: code }, from(owner));
    expect(verified.status).toBe(200);
    expect(verified.body.message).toBe(MESSAGES.otpVerified);

    // The owner still has the whole hourly quota of reset codes but the one they used.
    for (let i = 0; i < 4; i++) {
      advance(61);
      expect((await api.post('/api/otp', { email: victim, msg: 'reset' }, from(owner))).status).toBe(200);
    }
    await mailSettled(cms);
    expect(mailsTo(victim, /password reset code/).length).toBe(5);
  });

  it('a new code of a purpose replaces only the previous code of that purpose', async () => {
    const email = freshEmail();
    const ip = freshIp();
    await api.post('/api/signup', { email, password: 'Passw0rdOk' }, from(ip));
    const first = codeIn((await mail.waitFor({ to: email, subject: /verification code/ })).text);
    mail.clear();
    advance(61);
    expect((await api.post('/api/otp', { email, msg: 'register' }, from(ip))).status).toBe(200);
    const second = codeIn((await mail.waitFor({ to: email, subject: /verification code/ })).text);
    if (first !== second)
      expect((await api.post('/api/otp/verify', { email, userOtp: first }, from(ip))).status).toBe(400);
    expect((await api.post('/api/otp/verify', { email, userOtp: second }, from(ip))).status).toBe(200);
  });
});

describe('per-network limits', () => {
  it('allows 20 code requests per network address an hour, without touching the address it refuses', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++)
      expect((await api.post('/api/otp', { email: freshEmail(), msg: 'reset' }, from(ip))).status).toBe(200);
    const owner = freshEmail();
    await createAccount(cms.strapi, owner, 'OwnerPass1');
    const refused = await api.post('/api/otp', { email: owner, msg: 'reset' }, from(ip));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Too many code requests from your network/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The refused request started no resend wait for the owner, who asks from elsewhere at once.
    await resetCodeFor(owner, freshIp());
  });

  it('allows 30 code checks per network address an hour', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++)
      expect(
        (await api.post('/api/otp/verify', { email: freshEmail(), userOtp: '1234' }, from(ip))).status,
      ).toBe(400);
    const refused = await api.post('/api/otp/verify', { email: freshEmail(), userOtp: '1234' }, from(ip));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Too many codes tried from your network/);
  });
});

describe('hostile sizes', () => {
  it('answers normally for a 254-character address and a long forwarded network address', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(email).toHaveLength(254);
    const long = from(`10.9.9.9, ${'f'.repeat(400)}`);
    // No account: nothing is e-mailed (the mail catcher refuses so long an address), but every count is kept.
    expect((await api.post('/api/otp', { email, msg: 'register' }, long)).status).toBe(200);
    expect((await api.post('/api/otp', { email, msg: 'reset' }, long)).status).toBe(200);
    expect((await api.post('/api/otp/verify', { email, userOtp: '1234' }, long)).status).toBe(400);
    expect((await api.post('/api/login', { email, password: 'WrongPass1' }, long)).status).toBe(401);
  });
});

describe('lockouts tell the owner, and the owner can lift them', () => {
  it('e-mails the owner once when sign-in is locked, and a reset lets them in at once', async () => {
    const email = freshEmail();
    await createAccount(cms.strapi, email, 'OwnerPass1');
    const attacker = freshIp();
    for (let i = 0; i < 5; i++)
      expect((await api.post('/api/login', { email, password: 'WrongPass1' }, from(attacker))).status).toBe(
        401,
      );
    for (let i = 0; i < 3; i++)
      expect((await api.post('/api/login', { email, password: 'WrongPass1' }, from(attacker))).status).toBe(
        429,
      );
    const notice = await mail.waitFor({ to: email, subject: /Sign-in to your .* is paused/ });
    expect(notice.text).toMatch(/forgot-password/);
    await mailSettled(cms);
    expect(mailsTo(email, /is paused/)).toHaveLength(1);

    const owner = freshIp();
    expect((await api.post('/api/login', { email, password: 'OwnerPass1' }, from(owner))).status).toBe(429);
    const code = await resetCodeFor(email, owner);
    expect((await api.post('/api/otp/verify', { email, userOtp: code }, from(owner))).status).toBe(200);
    expect(
      (await api.post('/api/forgot-password', { email, newPassword: 'NewOwner22' }, from(owner))).status,
    ).toBe(200);
    expect((await api.post('/api/login', { email, password: 'NewOwner22' }, from(owner))).status).toBe(200);
  });

  it('e-mails the owner once when 15 wrong codes lock their reset codes, and a new reset code still works', async () => {
    const email = freshEmail();
    await createAccount(cms.strapi, email, 'OwnerPass1');
    const attacker = freshIp();
    for (let round = 0; round < 3; round++) {
      if (round > 0) advance(61);
      const code = await resetCodeFor(email, attacker);
      for (let i = 0; i < 5; i++)
        expect(
          (await api.post('/api/otp/verify', { email, userOtp: wrongFor(code) }, from(attacker))).status,
        ).toBe(400);
    }
    const notice = await mail.waitFor({ to: email, subject: /Codes for your .* are paused/ });
    expect(notice.text).toMatch(/reset codes/);

    advance(61);
    const owner = freshIp();
    const code = await resetCodeFor(email, owner);
    const verified = await api.post('/api/otp/verify', { email, userOtp: code }, from(owner));
    expect(verified.status).toBe(200);
    expect(
      (await api.post('/api/forgot-password', { email, newPassword: 'NewOwner22' }, from(owner))).status,
    ).toBe(200);
    await mailSettled(cms);
    expect(
      mail.messages.filter((m: any) => m.to.includes(email) && /are paused/.test(m.subject)),
    ).toHaveLength(0);
  });

  it('e-mails the owner of a sign-up once when its codes are locked for the day', async () => {
    const email = freshEmail();
    const ip = freshIp();
    await api.post('/api/signup', { email, password: 'Passw0rdOk' }, from(ip));
    const attacker = freshIp();
    for (let round = 0; round < 3; round++) {
      if (round > 0) {
        mail.clear();
        advance(61);
        await api.post('/api/otp', { email, msg: 'register' }, from(ip));
      }
      const code = codeIn((await mail.waitFor({ to: email, subject: /verification code/ })).text);
      for (let i = 0; i < 5; i++)
        await api.post('/api/otp/verify', { email, userOtp: wrongFor(code) }, from(attacker));
    }
    await mail.waitFor({ to: email, subject: /Codes for your .* are paused/ });
    for (let i = 0; i < 3; i++)
      expect((await api.post('/api/otp/verify', { email, userOtp: '1234' }, from(attacker))).status).not.toBe(
        200,
      );
    await mailSettled(cms);
    expect(mailsTo(email, /are paused/)).toHaveLength(1);
  });
});

describe('parallel guesses are counted before they are checked', () => {
  it('evaluates at most 5 of 40 parallel wrong guesses for one code', async () => {
    const email = freshEmail();
    await api.post('/api/signup', { email, password: 'Passw0rdOk' }, from(freshIp()));
    const code = codeIn((await mail.waitFor({ to: email, subject: /verification code/ })).text);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        api.post('/api/otp/verify', { email, userOtp: wrongFor(code) }, from(freshIp())),
      ),
    );
    expect(answers.every((a) => a.status === 400)).toBe(true);
    const evaluated = answers.filter(
      (a) => a.body.message === MESSAGES.invalidOtp || /Too many wrong codes/.test(a.body.message),
    );
    expect(evaluated.length).toBeGreaterThan(0);
    expect(evaluated.length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.body.message === MESSAGES.otpNoLongerValid)).toHaveLength(
      40 - evaluated.length,
    );
    const row = await cms.strapi.db.query('plugin::accounts.otp-code').findOne({ where: { email } });
    expect(row.attempts).toBeLessThanOrEqual(5);
    expect((await api.post('/api/otp/verify', { email, userOtp: code }, from(freshIp()))).status).toBe(400);
  });

  it('compares at most 5 of 40 parallel wrong passwords for one address', async () => {
    const email = freshEmail();
    await createAccount(cms.strapi, email, 'OwnerPass1');
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        api.post('/api/login', { email, password: 'WrongPass1' }, from(freshIp())),
      ),
    );
    const compared = answers.filter((a) => a.status === 401).length;
    expect(compared).toBeGreaterThan(0);
    expect(compared).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(40 - compared);
    await mail.waitFor({ to: email, subject: /is paused/ });
    await mailSettled(cms);
    expect(mailsTo(email, /is paused/)).toHaveLength(1);
  });
});
