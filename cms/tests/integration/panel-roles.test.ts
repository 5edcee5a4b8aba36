import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCms, type TestCms } from '../helpers/strapi';
import { panelToken } from '../helpers/http';

let cms: TestCms;
const token: Record<string, string> = {};

const createPanelUser = (email: string, roleCode: string) => panelToken(cms, email, roleCode);

const call = (who: string, method: string, path: string, body?: unknown) =>
  fetch(`${cms.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token[who]}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

beforeAll(async () => {
  cms = await startCms();
  token.marketing = await createPanelUser('marketing@example.com', 'fie-marketing');
  token.superAdmin = await createPanelUser('panel@example.com', 'strapi-super-admin');
});
afterAll(async () => {
  await cms?.stop();
});

describe('admin panel: the Marketing role', () => {
  it('may edit and publish the home page copy', async () => {
    const read = await call('marketing', 'GET', '/content-manager/single-types/api::home-page.home-page');
    expect(read.status).toBe(200);
    const res = await call('marketing', 'PUT', '/content-manager/single-types/api::home-page.home-page', {
      ...(await read.json()).data,
      heroTitle: 'Homes across Ghana',
    });
    expect(res.status).toBe(200);
    const publish = await call(
      'marketing',
      'POST',
      '/content-manager/single-types/api::home-page.home-page/actions/publish',
      {},
    );
    expect(publish.status).toBe(200);
    const live = await (await fetch(`${cms.url}/api/home-page`)).json();
    expect(live.data.heroTitle).toBe('Homes across Ghana');
  });

  it('may edit and publish the French and Spanish copy too', async () => {
    for (const [locale, title] of [
      ['fr', 'Des maisons partout au Ghana'],
      ['es', 'Casas en todo Ghana'],
    ]) {
      const path = `/content-manager/single-types/api::home-page.home-page?locale=${locale}`;
      const read = await call('marketing', 'GET', path);
      expect(read.status, locale).toBe(200);
      expect(
        (await call('marketing', 'PUT', path, { ...(await read.json()).data, heroTitle: title })).status,
      ).toBe(200);
      const publish = await call(
        'marketing',
        'POST',
        `/content-manager/single-types/api::home-page.home-page/actions/publish?locale=${locale}`,
        {},
      );
      expect(publish.status, locale).toBe(200);
      const live = await (await fetch(`${cms.url}/api/home-page?locale=${locale}`)).json();
      expect(live.data.heroTitle).toBe(title);
    }
  });

  it('may write a city page’s French introduction; the city’s shared fields stay as they are', async () => {
    const ho = await cms.strapi.db
      .query('api::city.city')
      .findOne({ where: { slug: 'ho', locale: 'en' }, select: ['documentId'] });
    const path = `/content-manager/collection-types/api::city.city/${ho.documentId}?locale=fr`;
    const read = await call('marketing', 'GET', path);
    expect(read.status).toBe(200);
    const intro = 'Ho, capitale de la Volta, entre collines et marchés.';
    const saved = await call('marketing', 'PUT', path, { ...(await read.json()).data, intro });
    expect(saved.status).toBe(200);
    const live = await (
      await fetch(`${cms.url}/api/cities?filters[slug][$eq]=ho&fields[0]=intro&fields[1]=name&locale=fr`)
    ).json();
    expect(live.data).toEqual([expect.objectContaining({ intro, name: 'Ho' })]);
    const english = await (
      await fetch(`${cms.url}/api/cities?filters[slug][$eq]=ho&fields[0]=intro&locale=en`)
    ).json();
    expect(english.data[0].intro).toMatch(/^The Volta Region’s capital/);
  });

  it('a permission from before cities had languages (it names none) gets every language at the next start', async () => {
    const { ensureMarketingPanelRole } = await import('../../src/bootstrap/panel-roles');
    const roleId = await ensureMarketingPanelRole(cms.strapi);
    const permissions = () =>
      cms.strapi.db
        .query('admin::permission')
        .findMany({ where: { role: { id: roleId }, subject: 'api::city.city' } });
    expect((await permissions()).length).toBeGreaterThan(0);
    for (const p of await permissions()) {
      const { locales: _dropped, ...rest } = p.properties ?? {};
      await cms.strapi.db
        .query('admin::permission')
        .update({ where: { id: p.id }, data: { properties: rest } });
    }
    await ensureMarketingPanelRole(cms.strapi);
    for (const p of await permissions()) expect([...p.properties.locales].sort()).toEqual(['en', 'es', 'fr']);
  });

  it('a role made when the copy was English only gets the other languages once, at the next start', async () => {
    const { ensureMarketingPanelRole } = await import('../../src/bootstrap/panel-roles');
    const roleId = await ensureMarketingPanelRole(cms.strapi);
    const permissions = () =>
      cms.strapi.db
        .query('admin::permission')
        .findMany({ where: { role: { id: roleId }, subject: 'api::about-page.about-page' } });
    // As Strapi left such a role: English only, and no record of a grant.
    for (const p of await permissions())
      await cms.strapi.db
        .query('admin::permission')
        .update({ where: { id: p.id }, data: { properties: { ...p.properties, locales: ['en'] } } });
    await cms.strapi.store({ type: 'core', name: 'fie' }).delete({ key: 'marketing-role-locales' });
    await ensureMarketingPanelRole(cms.strapi);
    for (const p of await permissions()) expect([...p.properties.locales].sort()).toEqual(['en', 'es', 'fr']);
    // Narrowed again by a panel super admin, it stays narrowed.
    for (const p of await permissions())
      await cms.strapi.db
        .query('admin::permission')
        .update({ where: { id: p.id }, data: { properties: { ...p.properties, locales: ['en'] } } });
    await ensureMarketingPanelRole(cms.strapi);
    for (const p of await permissions()) expect(p.properties.locales).toEqual(['en']);
  });

  it.each([
    'api::property.property',
    'api::deal.deal',
    'plugin::viewings.appointment',
    'api::enquiry.enquiry',
    'plugin::users-permissions.user',
  ])('may not read or change %s, while a panel super admin may', async (uid) => {
    expect((await call('marketing', 'GET', `/content-manager/collection-types/${uid}`)).status).toBe(403);
    expect((await call('marketing', 'POST', `/content-manager/collection-types/${uid}`, {})).status).toBe(
      403,
    );
    expect((await call('superAdmin', 'GET', `/content-manager/collection-types/${uid}`)).status).toBe(200);
  });
});
