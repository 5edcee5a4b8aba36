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
