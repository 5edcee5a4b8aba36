// Seekers read only approved content: an admin's edit of an approved listing goes back to the
// approval queue, and until a superadmin approves it a seeker's viewings, enquiries, favourites and
// viewing e-mails show the listing as last approved; staff see the edit. Against a real cms, database
// and SMTP listener (run on SQLite and on PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookableDates } from '@fie/domain';
import { startMailCatcher } from '@fie/mailcatcher';
import { mailSettled, startCms, type TestCms } from '../helpers/strapi';
import { client, signInAccounts, type SignedIn } from '../helpers/http';
import { propertyAt } from '../helpers/fixtures';

let cms: TestCms;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let api: ReturnType<typeof client>;
let who: SignedIn;

const APPROVED = {
  description: 'Bright two-bedroom flat with a balcony.',
  nearestLandmark: 'Osu Castle',
  digitalAddress: 'GA-058-2217',
  latitude: 5.635549,
  longitude: -0.161249,
};
// What an admin's unreviewed edit says: exactly what approval exists to stop.
const UNREVIEWED = {
  location: 'Send the viewing fee by MoMo first, Osu',
  description: 'Pay a viewing fee of GH₵500 by MoMo before we show you round.',
  nearestLandmark: 'Pay first at the gate',
  digitalAddress: 'GA-999-0001',
};
const now = () => (cms.strapi.plugin('platform').service('clock') as { now(): Date }).now();
const mine = async (path: string, token = who.token.seeker) => {
  const res = await api.get(path, { token });
  expect(res.status, path).toBe(200);
  return res.body as any[];
};
const keptVersions = () => cms.strapi.db.connection('property_approved_versions').count({ n: '*' });

let propertyId = '';
let viewingId = '';
const location = 'Approved Close 1, Osu';

beforeAll(async () => {
  mail = await startMailCatcher({ port: 0 });
  cms = await startCms({ env: { SMTP_PORT: String(mail.port) } });
  api = client(cms.url);
  who = await signInAccounts(cms.strapi, api, 'approved-versions.example.com', {
    seeker: 'authenticated',
    admin: 'admin',
    superadmin: 'superadmin',
  });
  const made = await api.post('/api/products', propertyAt(location, APPROVED), {
    token: who.token.superadmin,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  propertyId = made.body._id;
  const booked = await api.post(
    `/api/appointments/book/${propertyId}`,
    { date: bookableDates(now())[2], time: '10:00', comments: '' },
    { token: who.token.seeker },
  );
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  viewingId = booked.body._id;
  const enquiry = await api.post(
    '/api/enquiries',
    { name: 'Ama Mensah', phoneNumber: ['0241234567'], message: 'Is it still free?', product: propertyId },
    { token: who.token.seeker },
  );
  expect(enquiry.status, JSON.stringify(enquiry.body)).toBe(201);
  expect(
    (await api.put(`/api/favourites/${propertyId}`, undefined, { token: who.token.seeker })).status,
  ).toBe(201);
}, 180_000);
afterAll(async () => {
  await cms?.stop();
  await mail?.close();
});

describe("an admin's edit waiting for approval", () => {
  it('sends the listing back to the queue; staff read the edit', async () => {
    const edited = await api.put(`/api/products/${propertyId}`, UNREVIEWED, { token: who.token.admin });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.approvalStatus).toBe('unapproved');
    const staff = await api.get(`/api/products/${propertyId}`, { token: who.token.superadmin });
    expect(staff.body).toMatchObject({ ...UNREVIEWED, approvalStatus: 'unapproved' });
    expect((await api.get(`/api/products/${propertyId}`)).status).toBe(404);
    expect(Number((await keptVersions())[0]!.n)).toBe(1);
  });

  it("is not in the seeker's viewings: the listing as approved, its exact place while the viewing is active", async () => {
    const [viewing] = await mine('/api/appointments');
    const text = JSON.stringify(viewing);
    for (const words of Object.values(UNREVIEWED)) expect(text).not.toContain(words);
    expect(viewing.product).toMatchObject({ ...APPROVED, location, approvalStatus: 'approved' });
    expect(viewing.propertyLabel).toBe(`House in ${location}`);
  });

  it("is not in the seeker's enquiries or favourites", async () => {
    const [enquiry] = await mine('/api/enquiries');
    expect(JSON.stringify(enquiry)).not.toContain('MoMo');
    expect(enquiry.interestedProperty).toMatchObject({ description: APPROVED.description, location });
    expect(enquiry.interestedProperty).not.toHaveProperty('digitalAddress');
    const [favourite] = await mine('/api/favourites');
    expect(JSON.stringify(favourite)).not.toContain('MoMo');
    expect(favourite).toMatchObject({ available: false, property: null, label: `House in ${location}` });
  });

  it('is not in the viewing e-mails: a change of time names the approved place', async () => {
    await mailSettled(cms);
    mail.clear();
    const moved = await api.put(
      `/api/appointments/appointment/${viewingId}`,
      { date: bookableDates(now())[3], time: '11:00', status: 'Rescheduled' },
      { token: who.token.admin },
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const message = await mail.waitFor({ to: who.email.seeker! });
    const invite = message.attachments.find((a) => a.contentType.startsWith('text/calendar'))!.content;
    for (const part of [message.text, message.html, invite]) {
      expect(part).not.toContain('Pay first');
      expect(part).not.toContain('MoMo');
    }
    // The moved viewing's calendar event is placed at the approved landmark.
    expect(invite.replace(/\r\n[ \t]/g, '')).toMatch(/^LOCATION:.*Osu Castle/m);
  });

  it('a second edit keeps the version approved first; approval shows the edit to seekers and drops the copy', async () => {
    expect(
      (
        await api.put(
          `/api/products/${propertyId}`,
          { description: 'Second unreviewed edit.' },
          { token: who.token.admin },
        )
      ).status,
    ).toBe(200);
    expect((await mine('/api/appointments'))[0].product.description).toBe(APPROVED.description);
    const approved = await api.put(
      `/api/products/approve/${propertyId}`,
      { action: 'approve' },
      { token: who.token.superadmin },
    );
    expect(approved.status).toBe(200);
    expect(Number((await keptVersions())[0]!.n)).toBe(0);
    const [viewing] = await mine('/api/appointments');
    expect(viewing.product).toMatchObject({
      description: 'Second unreviewed edit.',
      location: UNREVIEWED.location,
      digitalAddress: UNREVIEWED.digitalAddress,
    });
    expect(viewing.propertyLabel).toBe(`House in ${UNREVIEWED.location}`);
    expect((await mine('/api/enquiries'))[0].interestedProperty.description).toBe('Second unreviewed edit.');
  });

  it('the next edit keeps the newly approved version', async () => {
    expect(
      (
        await api.put(
          `/api/products/${propertyId}`,
          { description: 'Third, unreviewed.' },
          { token: who.token.admin },
        )
      ).status,
    ).toBe(200);
    expect((await mine('/api/appointments'))[0].product.description).toBe('Second unreviewed edit.');
    // A superadmin's own edit of a waiting listing keeps it waiting, and the approved copy with it.
    expect(
      (
        await api.put(
          `/api/products/${propertyId}`,
          { nearestLandmark: 'Oxford Street' },
          { token: who.token.superadmin },
        )
      ).status,
    ).toBe(200);
    expect((await mine('/api/appointments'))[0].product.nearestLandmark).toBe(UNREVIEWED.nearestLandmark);
  });

  it('a deleted listing leaves no copy behind', async () => {
    expect(
      (await api.call('DELETE', `/api/products/${propertyId}`, { token: who.token.superadmin })).status,
    ).toBe(200);
    expect(Number((await keptVersions())[0]!.n)).toBe(0);
    const [viewing] = await mine('/api/appointments');
    expect(viewing.product).toBeNull();
  });
});
