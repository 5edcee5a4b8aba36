import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCms, type TestCms } from '../helpers/strapi';
import { MARKETING_CONTENT_TYPES } from '../../src/bootstrap/panel-roles';

let cms: TestCms;
const token: Record<string, string> = {};

async function signIn(email: string) {
  const res = await fetch(`${cms.url}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'PanelPass123' }),
  });
  expect(res.status).toBe(200);
  return (await res.json()).data.token as string;
}

async function createPanelUser(email: string, roleCode: string) {
  const role = await cms.strapi.db.query('admin::role').findOne({ where: { code: roleCode } });
  await cms.strapi.service('admin::user').create({
    email,
    firstname: 'Test',
    lastname: roleCode,
    password: 'PanelPass123',
    isActive: true,
    registrationToken: null,
    roles: [role.id],
  });
  return signIn(email);
}

const call = (who: string, method: string, path: string, body?: unknown) =>
  fetch(`${cms.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token[who]}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** The configuration as the admin panel reads it when it opens an edit view. */
async function configurationOf(uid: string, who = 'marketing') {
  const res = await call(who, 'GET', `/content-manager/content-types/${uid}/configuration`);
  expect(res.status).toBe(200);
  return (await res.json()).data as { contentType: any; components: Record<string, any> };
}

const editOrder = (configuration: any) =>
  configuration.layouts.edit.map((row: { name: string }[]) => row.map((field) => field.name));
const label = (configuration: any, field: string) => configuration.metadatas[field].edit.label;

beforeAll(async () => {
  cms = await startCms();
  token.marketing = await createPanelUser('marketing@example.com', 'fie-marketing');
  token.superAdmin = await createPanelUser('panel@example.com', 'strapi-super-admin');
});
afterAll(async () => {
  await cms?.stop();
});

describe('admin panel: edit views marketing staff use', () => {
  it("the home page reads in the users' words, heading first", async () => {
    const { contentType: home, components } = await configurationOf('api::home-page.home-page');
    expect(label(home, 'heroTitle')).toBe('Hero title');
    expect(home.metadatas.heroTitle.edit.description).toMatch(/^Hero title — the large heading .*home page/);
    expect(label(home, 'faqs')).toBe('Frequently asked questions');
    expect(editOrder(home).slice(0, 5)).toEqual([
      ['heroTitle'],
      ['heroSubtitle'],
      ['popularSearches'],
      ['heroImage'],
      ['citiesTitle', 'citiesSubtitle'],
    ]);
    expect(home.layouts.edit[4]).toEqual([
      { name: 'citiesTitle', size: 6 },
      { name: 'citiesSubtitle', size: 6 },
    ]);
    expect(components['shared.faq'].metadatas.question.edit.label).toBe('Question');
    expect(components['shared.link'].metadatas.url.edit.placeholder).toBe('/properties/accra');
  });

  it('the site settings start with the brand and contacts, the exchange rate last', async () => {
    const { contentType: settings } = await configurationOf('api::site-setting.site-setting');
    expect(label(settings, 'customerCarePhone')).toBe('Customer care phone');
    expect(label(settings, 'usdToGhsRate')).toBe('GH₵ per US dollar');
    expect(settings.metadatas.whatsAppNumber.edit.description).toMatch(/WhatsApp/);
    const order = editOrder(settings);
    expect(order.slice(0, 3)).toEqual([
      ['brandName', 'tagline'],
      ['logo'],
      ['customerCarePhone', 'whatsAppNumber'],
    ]);
    expect(order.at(-1)).toEqual(['mapLatitude', 'mapLongitude', 'usdToGhsRate']);
  });

  it('testimonials are listed by client name, in carousel order', async () => {
    const { contentType: testimonials } = await configurationOf('api::testimonial.testimonial');
    expect(testimonials.settings).toMatchObject({
      mainField: 'name',
      defaultSortBy: 'sortOrder',
      defaultSortOrder: 'ASC',
    });
    expect(testimonials.layouts.list).toEqual(['name', 'role', 'rating', 'sortOrder']);
    expect(testimonials.metadatas.name.list.label).toBe('Client name');
  });

  it.each(MARKETING_CONTENT_TYPES)(
    'every field of %s (and of its components) has a label and help text',
    async (uid) => {
      const { contentType, components } = await configurationOf(uid);
      for (const configuration of [contentType, ...Object.values(components)]) {
        const fields = configuration.layouts.edit.flat().map((field: { name: string }) => field.name);
        expect(fields.length).toBeGreaterThan(0);
        for (const field of fields) {
          const edit = configuration.metadatas[field].edit;
          expect(edit.label, `${configuration.uid}.${field}`).not.toBe(field);
          expect(edit.description, `${configuration.uid}.${field}`).toMatch(/\w{3}/);
        }
        for (const column of configuration.layouts.list) {
          expect(
            configuration.metadatas[column].list.label,
            `${configuration.uid} column ${column}`,
          ).not.toBe(column);
        }
      }
    },
  );

  it("what is set passes the panel's own validation when a super admin saves the view unchanged", async () => {
    for (const uid of MARKETING_CONTENT_TYPES) {
      const { contentType } = await configurationOf(uid, 'superAdmin');
      const { documentId: _added, ...metadatas } = contentType.metadatas;
      for (const meta of Object.values<any>(metadatas)) delete meta.list.mainField;
      const res = await call('superAdmin', 'PUT', `/content-manager/content-types/${uid}/configuration`, {
        settings: contentType.settings,
        metadatas,
        layouts: contentType.layouts,
      });
      expect(res.status, `${uid}: ${await res.clone().text()}`).toBe(200);
    }
  });

  it('a restart puts back labels and order changed in the panel, and changes nothing else', async () => {
    const before = await configurationOf('api::home-page.home-page');
    const { documentId: _added, ...metadatas } = structuredClone(before.contentType.metadatas);
    for (const meta of Object.values<any>(metadatas)) delete meta.list.mainField;
    metadatas.heroTitle.edit.label = 'heroTitle';
    const changed = await call(
      'superAdmin',
      'PUT',
      '/content-manager/content-types/api::home-page.home-page/configuration',
      {
        settings: before.contentType.settings,
        metadatas,
        layouts: { ...before.contentType.layouts, edit: [...before.contentType.layouts.edit].reverse() },
      },
    );
    expect(changed.status).toBe(200);
    expect(label((await configurationOf('api::home-page.home-page')).contentType, 'heroTitle')).toBe(
      'heroTitle',
    );

    // After the restart the panel reads it again, with a new sign-in (the panel sign-in limit's
    // middleware belongs to the new start, not the stopped one).
    await cms.stop({ keepDatabase: true });
    cms = await startCms({ database: cms.database });
    token.marketing = await signIn('marketing@example.com');
    const after = (await configurationOf('api::home-page.home-page')).contentType;
    expect(after.metadatas.heroTitle.edit.label).toBe('Hero title');
    expect(after.layouts).toEqual(before.contentType.layouts);
    expect(after.settings).toEqual(before.contentType.settings);
    expect(after.metadatas).toEqual(before.contentType.metadatas);
  });
});
