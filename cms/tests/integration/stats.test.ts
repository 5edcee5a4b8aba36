import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, signInAccounts } from '../helpers/http';

let cms: TestCms;
let api: ReturnType<typeof client>;
const token: Record<string, string> = {};

beforeAll(async () => {
  cms = await startCms({ env: { DEMO_DATA: 'true' } });
  api = client(cms.url);
  Object.assign(
    token,
    (await signInAccounts(cms.strapi, api, 'stats.example.com', { seeker: 'authenticated', admin: 'admin' }))
      .token,
  );
});
afterAll(async () => {
  await cms?.stop();
});

describe('dashboard figures', () => {
  it('are counted from the database, with the last 30 days against the 30 before', async () => {
    const res = await api.get('/api/stats', { token: token.admin });
    expect(res.status).toBe(200);
    const db = (uid: string, where = {}) => cms.strapi.db.query(uid).count({ where });
    expect(res.body.properties.total).toBe(
      await db('api::property.property', { approvalStatus: 'approved' }),
    );
    expect(res.body.appointments.total).toBe(await db('plugin::viewings.appointment'));
    expect(res.body.enquiries.total).toBe(await db('api::enquiry.enquiry'));
    expect(res.body.dealsClosed.total).toBe(await db('api::deal.deal', { approvalStatus: 'approved' }));
    expect(res.body.pendingApprovals.properties).toBe(
      await db('api::property.property', { approvalStatus: 'unapproved' }),
    );
    expect(res.body.pendingApprovals.total).toBe(
      res.body.pendingApprovals.properties + res.body.pendingApprovals.deals,
    );

    // Demo listings are spread over four months: some are recent, some older.
    const p = res.body.properties;
    expect(p.last30Days).toBeGreaterThan(0);
    expect(p.last30Days + p.previous30Days).toBeLessThan(p.total);
    const expected =
      p.previous30Days === 0
        ? null
        : Math.round(((p.last30Days - p.previous30Days) / p.previous30Days) * 1000) / 10;
    expect(p.changePercent).toBe(expected);
  });

  it('are for staff only', async () => {
    expect((await api.get('/api/stats')).status).toBe(401);
    expect((await api.get('/api/stats', { token: token.seeker })).status).toBe(403);
  });
});

describe('site figures for the marketing pages', () => {
  it('are open to everyone and counted from the database', async () => {
    const res = await api.get('/api/site-figures');
    expect(res.status).toBe(200);
    const db = (uid: string, where = {}) => cms.strapi.db.query(uid).count({ where });
    // Listed: approved, and not hidden for want of a confirmation (the demo hides a few).
    expect(res.body.propertiesListed).toBe(
      await db('api::property.property', { approvalStatus: 'approved', availabilityHidden: false }),
    );
    expect(res.body.propertiesListed).toBeLessThan(
      await db('api::property.property', { approvalStatus: 'approved' }),
    );
    expect(res.body.viewingsBooked).toBe(await db('plugin::viewings.appointment'));
    expect(res.body.dealsClosed).toBe(await db('api::deal.deal', { approvalStatus: 'approved' }));
    // The demo data has approved listings in all eight cities.
    expect(res.body.citiesCovered).toBe(8);
    expect(Object.keys(res.body).sort()).toEqual([
      'citiesCovered',
      'dealsClosed',
      'propertiesListed',
      'viewingsBooked',
    ]);
  });
});
