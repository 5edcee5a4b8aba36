import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCms, type TestCms } from '../helpers/strapi';
import { panelToken } from '../helpers/http';

// Marketing copy is edited and previewed in the panel; the public API (and the site through its
// proxy) serves only what was published, whatever the query asks for.
let cms: TestCms;
const docs = (uid: string) => cms.strapi.documents(uid as any);
const get = async (path: string) => {
  const res = await fetch(`${cms.url}${path}`);
  return { status: res.status, body: (await res.json()) as any };
};
const ASK_FOR_DRAFTS = [
  'status=draft',
  'publicationState=preview',
  'status=draft&publicationState=preview',
  'status[0]=draft',
];

beforeAll(async () => {
  cms = await startCms();
});
afterAll(async () => {
  await cms?.stop();
});

describe('drafts are not public', () => {
  const COLLECTIONS = [
    [
      'testimonials',
      'api::testimonial.testimonial',
      'Unpublished Ama',
      { name: 'Unpublished Ama', quote: 'Draft quote, never published.' },
    ],
    ['partners', 'api::partner.partner', 'Unpublished Partner Ltd', { name: 'Unpublished Partner Ltd' }],
    [
      'legal-pages',
      'api::legal-page.legal-page',
      'Draft terms',
      { slug: 'draft-terms', title: 'Draft terms', body: 'Not agreed yet.' },
    ],
  ] as const;

  it.each(COLLECTIONS)('/api/%s lists and finds only published entries', async (path, uid, shown, data) => {
    const draft = await docs(uid).create({ data } as any);
    expect(draft.publishedAt).toBeNull();
    for (const query of ['', ...ASK_FOR_DRAFTS]) {
      const list = await get(`/api/${path}?${query}`);
      expect(list.status, query).toBe(200);
      expect(JSON.stringify(list.body), query).not.toContain(shown);
      const one = await get(`/api/${path}/${draft.documentId}?${query}`);
      expect(one.status, query).toBe(404);
    }
    await docs(uid).publish({ documentId: draft.documentId } as any);
    const published = await get(`/api/${path}/${draft.documentId}?status=draft`);
    expect(published.status).toBe(200);
  });

  const SINGLES = [
    ['site-setting', 'api::site-setting.site-setting', 'tagline'],
    ['home-page', 'api::home-page.home-page', 'heroTitle'],
    ['about-page', 'api::about-page.about-page', 'title'],
  ] as const;

  it.each(SINGLES)(
    '/api/%s answers the published copy, not an unpublished edit',
    async (path, uid, field) => {
      const live = (await get(`/api/${path}`)).body.data[field];
      expect(typeof live).toBe('string');
      const current = await docs(uid).findFirst({ status: 'draft' } as any);
      await docs(uid).update({
        documentId: current.documentId,
        data: { [field]: 'Unpublished edit' },
      } as any);
      for (const query of ['', ...ASK_FOR_DRAFTS]) {
        const res = await get(`/api/${path}?${query}`);
        expect(res.status, query).toBe(200);
        expect(res.body.data[field], query).toBe(live);
      }
    },
  );
});

describe('staff notices are not marketing content', () => {
  it('the site settings (which the Marketing role edits) hold no staff address, publicly or in the panel', async () => {
    const all = await get('/api/site-setting');
    expect(all.status).toBe(200);
    expect(all.body.data.supportEmail).toEqual(expect.any(String));
    expect(all.body.data).not.toHaveProperty('staffNotificationEmail');
    expect(Object.keys(cms.strapi.contentType('api::site-setting.site-setting').attributes)).not.toContain(
      'staffNotificationEmail',
    );

    const panelBearer = await panelToken(cms, 'panel-staff-mail@example.com');
    const panel = {
      authorization: `Bearer ${panelBearer}`,
      'content-type': 'application/json',
    };
    const path = `${cms.url}/content-manager/single-types/api::site-setting.site-setting`;
    const read = await fetch(path, { headers: panel });
    expect(read.status).toBe(200);
    const data = (await read.json()).data;
    expect(data).not.toHaveProperty('staffNotificationEmail');
    // An edit that names one keeps none (refused, or the unknown key dropped).
    const edit = await fetch(path, {
      method: 'PUT',
      headers: panel,
      body: JSON.stringify({
        ...data,
        status: undefined,
        staffNotificationEmail: 'bookings@attacker.example',
      }),
    });
    expect(edit.status).toBeLessThan(500);
    expect(JSON.stringify((await (await fetch(path, { headers: panel })).json()).data)).not.toContain(
      'attacker.example',
    );
  });
});
