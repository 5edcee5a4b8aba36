import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMailCatcher } from '@fie/mailcatcher';
import { startSmsCatcher, type CaughtText } from '@fie/smscatcher';
import { MESSAGES, SMS_CODES_PER_NETWORK_PER_HOUR, smsSize } from '@fie/domain';
import { mailSettled, startCms, type TestCms } from '../helpers/strapi';
import { client, codeIn, createAccount } from '../helpers/http';

// Accounts known by a Ghanaian mobile number: sign-up, sign-in by password or by a texted code, a
// number added to an e-mail account, STOP, and the texts' limits. Texts go over real SMPP to the
// local SMSC (@fie/smscatcher), which answers with delivery receipts.

let cms: TestCms;
let sms: Awaited<ReturnType<typeof startSmsCatcher>>;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let api: ReturnType<typeof client>;
let n = 0;
let e = 0;
const PASSWORD = 'Passw0rdOk';
/** A confirmed account known by its e-mail, of `role`. */
async function emailAccount(role: 'authenticated' | 'admin' = 'authenticated') {
  const email = `phone-test${++e}.${Date.now()}@example.com`;
  await createAccount(cms.strapi, email, PASSWORD, role);
  return { email, password: PASSWORD };
}
// Numbers in different blocks of 10,000, so the per-block limit is not what a test meets.
const freshNumber = () =>
  `+23324${String(++n).padStart(3, '0')}${String(Date.now() % 10_000).padStart(4, '0')}`;
const local = (e164: string) => `0${e164.slice(4, 6)} ${e164.slice(6, 9)} ${e164.slice(9)}`;
const USER_UID = 'plugin::users-permissions.user';
const OUTBOX_UID = 'plugin::platform.outbox-message';

/** Numbers the test SMSC reports undelivered (a dead or mistyped number). */
const undeliverable = new Set<string>();

beforeAll(async () => {
  sms = await startSmsCatcher({
    port: 0,
    systemId: 'fie',
    password: 's3cret',
    receiptStatus: (text) => (undeliverable.has(text.to.replace(/^\+?/, '+')) ? 'UNDELIV' : 'DELIVRD'),
  });
  mail = await startMailCatcher({ port: 0 });
  cms = await startCms({
    env: {
      SMTP_PORT: String(mail.port),
      SMS_ENABLED: 'true',
      SMPP_URL: `smpp://fie:s3cret@127.0.0.1:${sms.port}`,
      SMS_SENDER: 'FieHomes',
    },
  });
  api = client(cms.url);
});
afterAll(async () => {
  await cms?.stop();
  await sms?.close();
  await mail?.close();
});
beforeEach(async () => {
  await cms.strapi.db.query('plugin::platform.rate-limit-bucket').deleteMany({});
});

async function textTo(phone: string, words: RegExp): Promise<CaughtText> {
  return sms.waitFor({ to: phone, text: words }, { timeoutMs: 15_000 });
}

async function signUpByPhone(phone = freshNumber(), password = 'Passw0rdOk') {
  const signup = await api.post('/api/signup', { phone: local(phone), password });
  expect(signup.status).toBe(201);
  const text = await textTo(phone, /sign-up code/);
  const verified = await api.post('/api/otp/verify', { phone, userOtp: codeIn(text.text) });
  expect(verified.status).toBe(200);
  return { phone, password, token: verified.body.token as string, id: signup.body.id as string };
}

describe('a seeker known by a mobile number', () => {
  it('signs up with the number (written the local way), gets the code by text, and is signed in', async () => {
    const phone = freshNumber();
    const signup = await api.post('/api/signup', {
      phone: local(phone),
      password: 'Passw0rdOk',
      role: 'admin',
    });
    expect(signup.status).toBe(201);
    expect(signup.body).toMatchObject({ phone, email: '', role: 'user', fullName: local(phone) });

    const early = await api.post('/api/login', { phone, password: 'Passw0rdOk' });
    expect(early.status).toBe(403);
    expect(early.body.message).toBe(MESSAGES.verifyPhoneWithCode);

    const text = await textTo(phone, /sign-up code is \d{4}/);
    expect(text.from).toBe('FieHomes');
    expect(smsSize(text.text)).toMatchObject({ encoding: 'GSM-7', parts: 1 });
    expect(text.encoding).toBe('GSM-7');

    const verified = await api.post('/api/otp/verify', { phone, userOtp: codeIn(text.text) });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      token: expect.any(String),
      id: signup.body.id,
      phone,
      role: 'user',
    });

    const profile = await api.get('/api/profile', { token: verified.body.token });
    expect(profile.body).toMatchObject({ phone, phoneVerified: true, smsEnabled: true, email: '' });
    const user = await cms.strapi.db.query(USER_UID).findOne({ where: { phone }, populate: ['role'] });
    expect(user).toMatchObject({ confirmed: true, email: null });
    expect(user.role.type).toBe('authenticated');

    const login = await api.post('/api/login', { phone: local(phone), password: 'Passw0rdOk' });
    expect(login.status).toBe(200);
    expect(login.body.id).toBe(signup.body.id);
  });

  it('signs in with a code texted instead of the password; a wrong or used code is refused', async () => {
    const { phone, id } = await signUpByPhone();
    const asked = await api.post('/api/otp', { phone, purpose: 'login' });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(MESSAGES.codeTexted);
    const text = await textTo(phone, /sign-in code is/);
    const code = codeIn(text.text);

    const wrong = await api.post('/api/login', { phone, code: code === '0000' ? '1111' : '0000' });
    expect(wrong.status).toBe(400);
    const right = await api.post('/api/login', { phone, code });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ id, phone, token: expect.any(String) });
    const again = await api.post('/api/login', { phone, code });
    expect(again.status).toBe(400);

    // A sign-in code is not a sign-up code, and /otp/verify does not sign in with one.
    const viaVerify = await api.post('/api/otp/verify', { phone, userOtp: code, purpose: 'login' });
    expect(viaVerify.status).toBe(400);
  });

  it('keeps codes off the logs and the outbox: sealed until sent, blanked after, receipts recorded', async () => {
    const { phone } = await signUpByPhone();
    await api.post('/api/otp', { phone, purpose: 'login' });
    const text = await textTo(phone, /sign-in code/);
    await mailSettled(cms);
    const rows = await cms.strapi.db
      .query(OUTBOX_UID)
      .findMany({ where: { toAddress: phone, kind: 'code' } });
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row.channel).toBe('sms');
      expect(row.sentAt).not.toBeNull();
      expect(JSON.stringify(row)).not.toContain(codeIn(text.text));
    }
    // The SMSC's receipt names the text by the id it gave; it is recorded as delivered.
    const sent = rows.find((row: { providerMessageId: string }) => row.providerMessageId === text.messageId);
    expect(sent).toBeDefined();
    await expect
      .poll(
        async () =>
          (await cms.strapi.db.query(OUTBOX_UID).findOne({ where: { id: sent.id } })).deliveryStatus,
      )
      .toBe('delivered');
  });

  it('refuses a landline, another country and a number nobody can text, each with its own message', async () => {
    const landline = await api.post('/api/signup', { phone: '030 212 3456', password: 'Passw0rdOk' });
    expect(landline.status).toBe(400);
    expect(landline.body.message).toBe(MESSAGES.phoneNotMobile);
    const foreign = await api.post('/api/signup', { phone: '+44 7911 123456', password: 'Passw0rdOk' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(MESSAGES.phoneNotGhanaian);
    const neither = await api.post('/api/signup', { password: 'Passw0rdOk' });
    expect(neither.status).toBe(400);
    expect(neither.body.message).toBe(MESSAGES.emailOrPhoneRequired);
  });

  it('answers a sign-up for a number that has an account as for a new one, and texts nothing', async () => {
    const { phone } = await signUpByPhone();
    const before = sms.texts.length;
    const again = await api.post('/api/signup', { phone, password: 'Other1Passw0rd' });
    expect(again.status).toBe(201);
    expect(Object.keys(again.body).sort()).toEqual(['email', 'fullName', 'id', 'phone', 'role']);
    await mailSettled(cms);
    expect(sms.texts.length).toBe(before);
    // The owner's password is untouched.
    expect((await api.post('/api/login', { phone, password: 'Passw0rdOk' })).status).toBe(200);
  });

  it('resets a forgotten password with a texted code', async () => {
    const { phone } = await signUpByPhone();
    expect((await api.post('/api/otp', { phone, purpose: 'reset' })).status).toBe(200);
    const text = await textTo(phone, /password reset code/);
    expect(
      (await api.post('/api/otp/verify', { phone, userOtp: codeIn(text.text), purpose: 'reset' })).status,
    ).toBe(200);
    const reset = await api.post('/api/forgot-password', { phone, newPassword: 'N3wPassword' });
    expect(reset.status).toBe(200);
    expect((await api.post('/api/login', { phone, password: 'N3wPassword' })).status).toBe(200);
    expect((await api.post('/api/login', { phone, password: 'Passw0rdOk' })).status).toBe(401);
  });

  it('never signs a staff account in by number', async () => {
    const staff = await emailAccount('admin');
    const phone = freshNumber();
    await cms.strapi.db
      .query(USER_UID)
      .update({ where: { email: staff.email }, data: { phone, phoneVerifiedAt: new Date() } });
    const byNumber = await api.post('/api/login', { phone, password: staff.password });
    expect(byNumber.status).toBe(401);
    expect((await api.post('/api/login', { email: staff.email, password: staff.password })).status).toBe(200);
    await api.post('/api/otp', { phone, purpose: 'login' });
    await mailSettled(cms);
    expect(sms.texts.some((t) => t.to === phone)).toBe(false);
  });

  it("is in the staff's users list by number, and found by it however it is typed", async () => {
    const seeker = await signUpByPhone();
    const admin = await emailAccount('admin');
    const token = (await api.post('/api/login', admin)).body.token as string;
    const page = await api.get('/api/users?page=1&pageSize=100', { token });
    expect(page.status).toBe(200);
    expect(page.body).toContainEqual(
      expect.objectContaining({ _id: seeker.id, email: '', phone: seeker.phone }),
    );
    for (const typed of [local(seeker.phone), seeker.phone, `+233 ${seeker.phone.slice(4)}`]) {
      const found = await api.get(`/api/users?search=${encodeURIComponent(typed)}`, { token });
      expect(found.status, typed).toBe(200);
      expect(
        found.body.map((u: { _id: string }) => u._id),
        typed,
      ).toEqual([seeker.id]);
      expect(found.headers.get('x-total-count'), typed).toBe('1');
    }
    // A seeker cannot list accounts.
    expect((await api.get('/api/users', { token: seeker.token })).status).toBe(403);

    // Hostile searches: numbers dressed as SQL or as LIKE patterns find nothing, and break nothing.
    for (const typed of [
      `${local(seeker.phone)}' OR '1'='1`,
      `${seeker.phone}; drop table up_users; --`,
      '%',
      '%_%',
      `${local(seeker.phone).slice(0, 6)}%`,
      `${'0'.repeat(40)}`,
      `+${'2'.repeat(300)}`,
    ]) {
      const found = await api.get(`/api/users?search=${encodeURIComponent(typed)}`, { token });
      expect([200, 400], typed).toContain(found.status);
      if (found.status === 200) expect(found.body, typed).toEqual([]);
      else expect(found.body.error.message, typed).toMatch(/search/i);
    }
    // A NUL is refused before any query runs (the database cannot take one).
    const nul = await api.get(
      `/api/users?search=${encodeURIComponent(`+233\u0000${seeker.phone.slice(4)}`)}`,
      {
        token,
      },
    );
    expect(nul.status).toBe(400);
    expect(nul.body.error.message).toBe('Text may not contain a NUL character.');
    expect((await api.get('/api/users?page=1&pageSize=100', { token })).body).toContainEqual(
      expect.objectContaining({ _id: seeker.id }),
    );
  });
});

describe('a number added to an e-mail account', () => {
  it('is verified by a texted code, then signs the account in; another account cannot take it', async () => {
    const owner = await emailAccount();
    const signIn = await api.post('/api/login', { email: owner.email, password: owner.password });
    const token = signIn.body.token as string;
    const phone = freshNumber();

    const asked = await api.post('/api/profile/phone', { phone: local(phone) }, { token });
    expect(asked.status).toBe(200);
    const text = await textTo(phone, /code to add this number/);
    const verified = await api.post(
      '/api/profile/phone/verify',
      { phone, code: codeIn(text.text) },
      { token },
    );
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ phone, phoneVerified: true, email: owner.email });
    expect((await api.post('/api/login', { phone, password: owner.password })).status).toBe(200);

    // Another account asks for the same number: the same answer, but no text, and no way to verify it.
    const other = await emailAccount();
    const otherToken = (await api.post('/api/login', { email: other.email, password: other.password })).body
      .token;
    const before = sms.texts.length;
    expect((await api.post('/api/profile/phone', { phone }, { token: otherToken })).status).toBe(200);
    await mailSettled(cms);
    expect(sms.texts.length).toBe(before);

    // Typing a new number in the profile makes it a contact number until it is verified.
    const typed = await api.put('/api/profile', { phone: '0501234567' }, { token });
    expect(typed.body).toMatchObject({ phone: '+233501234567', phoneVerified: false });
  });

  it('needs a signed-in account, and refuses a landline', async () => {
    expect((await api.post('/api/profile/phone', { phone: freshNumber() })).status).toBe(401);
    const owner = await emailAccount();
    const token = (await api.post('/api/login', { email: owner.email, password: owner.password })).body.token;
    const landline = await api.post('/api/profile/phone', { phone: '0302123456' }, { token });
    expect(landline.status).toBe(400);
    expect(landline.body.message).toBe(MESSAGES.phoneNotMobile);
  });

  it('cannot be dropped from an account that has no e-mail by typing another in the profile', async () => {
    const { token, phone } = await signUpByPhone();
    const changed = await api.put('/api/profile', { phone: '0501234567' }, { token });
    expect(changed.status).toBe(400);
    expect(changed.body.message).toBe(MESSAGES.phoneChangeNeedsCode);
    expect((await api.get('/api/profile', { token })).body.phone).toBe(phone);
  });
});

describe('STOP from a phone', () => {
  it('turns texts off for the account, and the reply confirms it', async () => {
    const { phone, token } = await signUpByPhone();
    expect(sms.inbound(phone, 'stop')).toBe(1);
    const reply = await textTo(phone, /texts to this number are now off/);
    expect(smsSize(reply.text).parts).toBe(1);
    const profile = await api.get('/api/profile', { token });
    expect(profile.body.smsEnabled).toBe(false);
    // Settings turn them on again.
    const on = await api.put('/api/profile', { smsEnabled: true }, { token });
    expect(on.body.smsEnabled).toBe(true);
  });

  it('is not read into other words', async () => {
    const { phone, token } = await signUpByPhone();
    sms.inbound(phone, 'please stop by at 10');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await api.get('/api/profile', { token })).body.smsEnabled).toBe(true);
  });
});

describe('the limits on code texts', () => {
  it('50 sign-ups for 50 numbers from one network send at most its limit of texts', async () => {
    const before = sms.texts.length;
    const answers: Array<{ phone: string; status: number }> = [];
    for (let i = 0; i < 50; i++) {
      // Spread over blocks, as a pumping bot spreads over costly ranges.
      const phone = `+23324${String(500 + i)}${String(Date.now() % 10_000).padStart(4, '0')}`;
      const reply = await api.post('/api/signup', { phone, password: 'Passw0rdOk' });
      answers.push({ phone, status: reply.status });
    }
    await mailSettled(cms);
    const sent = sms.texts.length - before;
    expect(sent).toBeLessThanOrEqual(SMS_CODES_PER_NETWORK_PER_HOUR);
    expect(sent).toBeGreaterThan(0);
    const refused = answers.filter((a) => a.status === 429).map((a) => a.phone);
    expect(refused.length).toBe(50 - SMS_CODES_PER_NETWORK_PER_HOUR);
    // A refused sign-up leaves no account behind; one that went through waits for its code.
    const accounts = (numbers: string[]) =>
      cms.strapi.db.query(USER_UID).count({ where: { phone: { $in: numbers } } });
    expect(await accounts(refused)).toBe(0);
    expect(await accounts(answers.filter((a) => a.status === 201).map((a) => a.phone))).toBe(
      SMS_CODES_PER_NETWORK_PER_HOUR,
    );
  });

  it('sends a number at most 3 codes an hour', async () => {
    const { phone } = await signUpByPhone();
    // The sign-up's own text is not what this counts.
    await cms.strapi.db.query('plugin::platform.rate-limit-bucket').deleteMany({});
    const clock = cms.strapi.plugin('platform').service('clock');
    const statuses: number[] = [];
    try {
      for (let i = 0; i < 4; i++) {
        await cms.strapi.db.query('plugin::platform.rate-limit-bucket').deleteMany({
          where: { key: { $startsWith: 'sms:network:' } },
        });
        statuses.push((await api.post('/api/otp', { phone, purpose: 'login' })).status);
        clock.offsetMs += 61_000; // past the resend wait
      }
    } finally {
      clock.offsetMs = 0;
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe("the day's budget of texts", () => {
  const superadmin = async () => {
    const email = `budget${++e}.${Date.now()}@example.com`;
    await createAccount(cms.strapi, email, PASSWORD, 'superadmin');
    return {
      email,
      token: (await api.post('/api/login', { email, password: PASSWORD })).body.token as string,
    };
  };
  const textsToday = () => cms.strapi.plugin('accounts').service('account-texts').today();

  it('warns staff once past 80 %, stops code texts at 100 % while e-mailed codes go on', async () => {
    const boss = await superadmin();
    await mailSettled(cms);
    const spent = (await textsToday()).total;
    // Room for 5 more texts: the 6th code request finds the budget spent.
    const budget = spent + 5;
    const set = await api.put('/api/system-settings', { smsDailyBudget: budget }, { token: boss.token });
    expect(set.status).toBe(200);
    expect(set.body.settings.smsDailyBudget).toBe(budget);
    await cms.strapi.db.query('plugin::platform.rate-limit-bucket').deleteMany({});
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        await cms.strapi.db.query('plugin::platform.rate-limit-bucket').deleteMany({
          where: { key: { $startsWith: 'sms:' } },
        });
        const reply = await api.post('/api/signup', { phone: freshNumber(), password: PASSWORD });
        statuses.push(reply.status);
        if (reply.status !== 201) expect(reply.body.message).toBe(MESSAGES.textsUnavailable);
        await mailSettled(cms);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 503]);
      expect((await textsToday()).total).toBe(budget);
      // One warning, to the staff whose system alerts are on, however many requests crossed the line.
      const warning = await mail.waitFor({ to: boss.email, subject: /% of today's budget used/ });
      expect(warning.text).toContain(`${budget.toLocaleString('en-GB')} texts sent today`);
      expect(
        mail.messages.filter((m) => m.to.includes(boss.email) && /today's budget used/.test(m.subject ?? ''))
          .length,
      ).toBe(1);
      // Codes by e-mail are not texts: a sign-up by e-mail still gets its code.
      const email = `after-budget${++e}@example.com`;
      expect((await api.post('/api/signup', { email, password: PASSWORD })).status).toBe(201);
      await mail.waitFor({ to: email });
      // Staff see the day's texts on the dashboard, by kind, against the budget.
      const stats = await api.get('/api/stats', { token: boss.token });
      expect(stats.status).toBe(200);
      expect(stats.body.texts).toMatchObject({ enabled: true, total: budget, budget });
      expect(stats.body.texts.byKind.code).toBeGreaterThanOrEqual(5);
      // A seeker does not see them.
      const seeker = await emailAccount();
      const seekerToken = (await api.post('/api/login', seeker)).body.token as string;
      expect((await api.get('/api/stats', { token: seekerToken })).status).toBe(403);
    } finally {
      await api.put('/api/system-settings', { smsDailyBudget: 2000 }, { token: boss.token });
    }
  });

  it('refuses a budget that is not a whole number from 0 to 1,000,000, and only the superadmin sets it', async () => {
    const boss = await superadmin();
    for (const smsDailyBudget of [-1, 1.5, 1_000_001, '100']) {
      const reply = await api.put('/api/system-settings', { smsDailyBudget }, { token: boss.token });
      expect(reply.status, String(smsDailyBudget)).toBe(400);
      expect(JSON.stringify(reply.body)).toContain(
        'The daily text budget must be a whole number from 0 to 1,000,000.',
      );
    }
    const admin = await emailAccount('admin');
    const token = (await api.post('/api/login', admin)).body.token as string;
    expect((await api.put('/api/system-settings', { smsDailyBudget: 10 }, { token })).status).toBe(403);
    expect((await api.get('/api/system-settings', { token: boss.token })).body.smsDailyBudget).toBe(2000);
  });
});

describe('a code text the network could not deliver', () => {
  it("shows on the seeker's row in the staff's users list until a later code goes through", async () => {
    const phone = freshNumber();
    undeliverable.add(phone);
    const signup = await api.post('/api/signup', { phone, password: PASSWORD });
    expect(signup.status).toBe(201);
    await textTo(phone, /sign-up code/);
    const admin = await emailAccount('admin');
    const token = (await api.post('/api/login', admin)).body.token as string;
    const row = async () => {
      const found = await api.get(`/api/users?search=${encodeURIComponent(phone)}`, { token });
      expect(found.status).toBe(200);
      return found.body[0] as { _id: string; codeTextFailedAt: string | null };
    };
    await expect.poll(async () => (await row()).codeTextFailedAt, { timeout: 10_000 }).toMatch(/^\d{4}-/);
    expect((await row())._id).toBe(signup.body.id);

    undeliverable.delete(phone);
    await cms.strapi.db.query('plugin::platform.rate-limit-bucket').deleteMany({});
    const clock = cms.strapi.plugin('platform').service('clock');
    clock.offsetMs += 61_000; // past the resend wait
    try {
      expect((await api.post('/api/otp', { phone, purpose: 'register' })).status).toBe(200);
    } finally {
      clock.offsetMs = 0;
    }
    await textTo(phone, /sign-up code/);
    await expect.poll(async () => (await row()).codeTextFailedAt, { timeout: 10_000 }).toBeNull();
  });
});
