// Notices of unread messages, by moving the clock: a staff message the seeker has not read after two
// minutes is e-mailed to them in their language (and texted where they chose texts), several as one;
// a message read in time sends nothing; a seeker's message unread by staff goes to the colleague the
// thread is assigned to, or to the staff inbox.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMailCatcher } from '@fie/mailcatcher';
import { startSmsCatcher } from '@fie/smscatcher';
import { mailSettled, startCms, type TestCms } from '../helpers/strapi';
import { client, createAccount, signInAccounts, type SignedIn } from '../helpers/http';
import { propertyAt } from '../helpers/fixtures';

let cms: TestCms;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let sms: Awaited<ReturnType<typeof startSmsCatcher>>;
let api: ReturnType<typeof client>;
let who: SignedIn;
let propertyId = '';
let n = 0;

const clock = () => cms.strapi.plugin('platform').service('clock') as { offsetMs: number };
const notices = () =>
  cms.strapi.plugin('conversations').service('notices') as {
    run(): Promise<{ seekers: number; staff: number }>;
  };
const outbox = () =>
  cms.strapi.plugin('platform').service('outbox') as { settled(ms?: number): Promise<boolean> };
const later = (minutes: number) => (clock().offsetMs += minutes * 60_000);
const post = (id: string, text: string, token: string) =>
  api.post(`/api/enquiries/${id}/messages`, { text }, { token });

/** A new seeker (in `language`, with a verified number when `phone`) and their enquiry on the listing. */
async function seekerWithEnquiry(options: { language?: string; phone?: string } = {}) {
  const email = `seeker.${++n}@notices.example.com`;
  await createAccount(cms.strapi, email, 'GoodPass123', 'authenticated');
  await cms.strapi.db.query('plugin::users-permissions.user').update({
    where: { email },
    data: {
      language: options.language ?? 'en',
      ...(options.phone ? { phone: options.phone, phoneVerifiedAt: new Date() } : {}),
    },
  });
  const token = (await api.post('/api/login', { email, password: 'GoodPass123' })).body.token as string;
  const enquiry = await api.post(
    '/api/enquiries',
    { name: 'Akos', phoneNumber: ['0241234567'], message: 'Hello', product: propertyId },
    { token },
  );
  expect(enquiry.status).toBe(201);
  return { email, token, enquiryId: enquiry.body._id as string };
}

const mailTo = (address: string) => mail.messages.filter((m) => m.to.includes(address));

beforeAll(async () => {
  mail = await startMailCatcher({ port: 0 });
  sms = await startSmsCatcher({ port: 0 });
  cms = await startCms({
    env: {
      SMTP_PORT: String(mail.port),
      SITE_URL: 'https://fiehomes.example.gh',
      SMS_ENABLED: 'true',
      SMPP_URL: `smpp://fie:fie@127.0.0.1:${sms.port}`,
    },
  });
  api = client(cms.url);
  who = await signInAccounts(cms.strapi, api, 'notices.example.com', {
    admin: 'admin',
    superadmin: 'superadmin',
  });
  const made = await api.post('/api/products', propertyAt('Notice Lane 1, Osu'), {
    token: who.token.superadmin,
  });
  propertyId = made.body._id;
}, 180_000);
afterAll(async () => {
  await cms?.stop();
  await mail?.close();
  await sms?.close();
});
beforeEach(async () => {
  clock().offsetMs = 0;
  await cms.strapi.db.query('plugin::platform.rate-limit-bucket').deleteMany({});
  await mailSettled(cms);
  mail.messages.length = 0;
});

describe('a seeker is told of staff messages they have not read', () => {
  it('after two minutes unread, one e-mail with the message and its link; never twice', async () => {
    const seeker = await seekerWithEnquiry();
    await post(seeker.enquiryId, 'Yes, it is still free. Saturday at 10:00?', who.token.admin);
    later(1);
    expect((await notices().run()).seekers).toBe(0);
    later(1.5);
    expect((await notices().run()).seekers).toBe(1);
    await mailSettled(cms);
    const letters = mailTo(seeker.email);
    expect(letters).toHaveLength(1);
    expect(letters[0]!.subject).toMatch(/^New message from Fie Homes about /);
    expect(letters[0]!.text).toContain('Yes, it is still free. Saturday at 10:00?');
    expect(letters[0]!.text).toContain(`https://fiehomes.example.gh/messages/enquiry/${seeker.enquiryId}`);
    expect(letters[0]!.text).toContain('Fie Homes never asks for money to view a property');
    later(5);
    expect((await notices().run()).seekers).toBe(0);
  });

  it('a message read within two minutes sends nothing', async () => {
    const seeker = await seekerWithEnquiry();
    await post(seeker.enquiryId, 'The caretaker will meet you.', who.token.admin);
    later(1);
    await api.get(`/api/enquiries/${seeker.enquiryId}/messages`, { token: seeker.token });
    later(5);
    await notices().run();
    await mailSettled(cms);
    expect(mailTo(seeker.email)).toHaveLength(0);
  });

  it('several unread messages become one notice, in the seeker’s language', async () => {
    const seeker = await seekerWithEnquiry({ language: 'fr' });
    for (const text of ['Bonjour', 'La visite est samedi', 'Apportez une pièce d’identité'])
      await post(seeker.enquiryId, text, who.token.superadmin);
    later(3);
    await notices().run();
    await mailSettled(cms);
    const letters = mailTo(seeker.email);
    expect(letters).toHaveLength(1);
    expect(letters[0]!.subject).toMatch(/^3 nouveaux messages de Fie Homes pour /);
    for (const text of ['Bonjour', 'La visite est samedi', 'Apportez une pièce d’identité'])
      expect(letters[0]!.text).toContain(text);
    expect(letters[0]!.text).toContain('https://fiehomes.example.gh/fr/messages/enquiry/');
  });

  it('message e-mails off: no e-mail; a verified number with message texts on: a text', async () => {
    const phone = `+23324${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    const seeker = await seekerWithEnquiry({ phone });
    expect(
      (await api.put('/api/profile', { messageEmails: false }, { token: seeker.token })).body,
    ).toMatchObject({
      messageEmails: false,
      messageTexts: true,
    });
    await post(seeker.enquiryId, 'We can show it on Monday.', who.token.admin);
    later(3);
    await notices().run();
    await mailSettled(cms);
    expect(mailTo(seeker.email)).toHaveLength(0);
    const text = await sms.waitFor({ to: phone, text: /new message/ });
    expect(text.text).toContain(`/messages/enquiry/${seeker.enquiryId}`);
    expect(await outbox().settled(10_000)).toBe(true);

    // Both off: nothing at all.
    await api.put('/api/profile', { messageTexts: false }, { token: seeker.token });
    const before = sms.texts.length;
    await post(seeker.enquiryId, 'Or Tuesday?', who.token.admin);
    later(3);
    await notices().run();
    await mailSettled(cms);
    expect(sms.texts.length).toBe(before);
    expect(mailTo(seeker.email)).toHaveLength(0);
    expect((await api.put('/api/profile', { messageTexts: 'yes' }, { token: seeker.token })).status).toBe(
      400,
    );
  });
});

describe('staff are told of a seeker’s messages nobody on staff has read', () => {
  it('the assigned colleague, else the staff inbox; read in time, nothing', async () => {
    const seeker = await seekerWithEnquiry();
    await post(seeker.enquiryId, 'Is parking included?', seeker.token);
    later(3);
    await notices().run();
    await mailSettled(cms);
    // Unassigned: every member of staff who takes notices.
    for (const email of [who.email.admin, who.email.superadmin])
      expect(mailTo(email!).map((m) => m.subject)).toContain(
        `New message from a seeker: enquiry (House in Notice Lane 1, Osu)`,
      );

    mail.messages.length = 0;
    await api.put(
      `/api/threads/enquiry/${seeker.enquiryId}`,
      { assignee: who.id.admin },
      { token: who.token.superadmin },
    );
    await post(seeker.enquiryId, 'And is there water all day?', seeker.token);
    await post(seeker.enquiryId, 'Thanks!', seeker.token);
    later(3);
    await notices().run();
    await mailSettled(cms);
    expect(mailTo(who.email.admin!)).toHaveLength(1);
    expect(mailTo(who.email.admin!)[0]!.subject).toMatch(/^2 new messages from a seeker/);
    expect(mailTo(who.email.superadmin!)).toHaveLength(0);

    mail.messages.length = 0;
    await post(seeker.enquiryId, 'One more thing.', seeker.token);
    later(1);
    await api.get(`/api/enquiries/${seeker.enquiryId}/messages`, { token: who.token.superadmin });
    later(3);
    await notices().run();
    await mailSettled(cms);
    expect(mail.messages).toHaveLength(0);
  });
});
