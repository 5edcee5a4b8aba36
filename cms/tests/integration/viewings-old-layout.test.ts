import type { Knex } from 'knex';
import { afterAll, describe, expect, it } from 'vitest';
import { bookableDates } from '@fie/domain';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, signInAccounts } from '../helpers/http';
import { testImage } from '../helpers/images';

// Appointments were api::appointment.appointment before the viewings plugin made them
// plugin::viewings.appointment. The rows stay in the same tables; what named the old type is put
// back here, on a database this cms wrote, as an install made before the move would hold it.
const OLD_UID = 'api::appointment.appointment';
const NEW_UID = 'plugin::viewings.appointment';
const CM_CONFIG = 'plugin_content_manager_configuration_content_types::';

let cms: TestCms | undefined;
afterAll(async () => {
  await cms?.stop();
});

async function panelRights(knex: Knex, subject: string) {
  const rows = await knex('admin_permissions as p')
    .join('admin_permissions_role_lnk as l', 'l.permission_id', 'p.id')
    .join('admin_roles as r', 'r.id', 'l.role_id')
    .where('p.subject', subject)
    .select<{ role: string; action: string }[]>('r.code as role', 'p.action as action');
  return rows.map((r) => `${r.role} ${r.action}`).sort();
}

describe('a database from before the viewings plugin', () => {
  it('starts, keeps the grants and panel views that named the old type, and answers the same', async () => {
    cms = await startCms();
    const api = client(cms.url);
    const signed = await signInAccounts(cms.strapi, api, 'old-layout.example.com', {
      seeker: 'authenticated',
      superadmin: 'superadmin',
    });
    const property = await api.post(
      '/api/products',
      {
        location: 'Old Layout Road, Accra',
        nearestLandmark: 'Accra Mall',
        price: 2500,
        currency: 'GHS',
        propertyType: 'House',
        leaseType: 'Rent',
        images: [testImage('h')],
      },
      { token: signed.token.superadmin },
    );
    expect(property.status).toBe(201);
    const date = bookableDates(new Date())[2]!;
    const booked = await api.post(
      `/api/appointments/book/${property.body._id}`,
      { date, time: '10:00' },
      { token: signed.token.seeker },
    );
    expect(booked.status).toBe(201);
    const answers = async (c: ReturnType<typeof client>, token: Record<string, string>) => ({
      own: (await c.get('/api/appointments', { token: token.seeker })).body,
      all: (await c.get('/api/appointments/all', { token: token.superadmin })).body,
      slots: (await c.get(`/api/products/${property.body._id}/slots?date=${date}`)).body,
    });
    const before = await answers(api, signed.token);

    // What the old layout stored under the old names.
    const knex = cms.strapi.db.connection;
    const rights = await panelRights(knex, NEW_UID);
    expect(rights.length).toBeGreaterThan(0);
    await knex('admin_permissions').where({ subject: NEW_UID }).update({ subject: OLD_UID });
    const view = await knex('strapi_core_store_settings')
      .where({ key: `${CM_CONFIG}${NEW_UID}` })
      .first();
    const oldView = { ...JSON.parse(view.value), uid: OLD_UID };
    oldView.metadatas.comments.edit.label = 'Notes from the phone call';
    await knex('strapi_core_store_settings')
      .where({ id: view.id })
      .update({ key: `${CM_CONFIG}${OLD_UID}`, value: JSON.stringify(oldView) });
    const authenticated = await cms.strapi.db
      .query('plugin::users-permissions.role')
      .findOne({ where: { type: 'authenticated' } });
    for (const action of ['api::appointment.viewing.own', 'api::appointment.appointment.find']) {
      await cms.strapi.db
        .query('plugin::users-permissions.permission')
        .create({ data: { action, role: authenticated.id } });
    }
    await cms.strapi.service('admin::api-token').create({
      name: 'viewings desk',
      type: 'custom',
      lifespan: null,
      permissions: ['plugin::viewings.viewing.own'],
    });
    await knex('strapi_api_token_permissions')
      .where({ action: 'plugin::viewings.viewing.own' })
      .update({ action: 'api::appointment.viewing.own' });

    const database = cms.database;
    await cms.stop({ keepDatabase: true });
    cms = await startCms({ database });
    const again = client(cms.url);
    const token: Record<string, string> = {};
    for (const who of ['seeker', 'superadmin']) {
      token[who] = (
        await again.post('/api/login', { email: signed.email[who], password: 'GoodPass123' })
      ).body.token;
    }
    expect(await answers(again, token)).toEqual(before);

    const k = cms.strapi.db.connection;
    expect(await panelRights(k, OLD_UID)).toEqual([]);
    expect(await panelRights(k, NEW_UID)).toEqual(rights);
    const views = await k('strapi_core_store_settings')
      .where('key', 'like', `${CM_CONFIG}%appointment%`)
      .select('key', 'value');
    expect(views.map((v: { key: string }) => v.key)).toEqual([`${CM_CONFIG}${NEW_UID}`]);
    expect(JSON.parse(views[0].value).metadatas.comments.edit.label).toBe('Notes from the phone call');
    const grants = await k('up_permissions')
      .where('action', 'like', '%appointment.%')
      .orWhere('action', 'like', '%viewing.%')
      .select('action');
    expect(grants.map((g: { action: string }) => g.action).sort()).toEqual([
      'plugin::viewings.appointment.find',
      'plugin::viewings.viewing.own',
    ]);
    expect(
      (await k('strapi_api_token_permissions').select('action')).map((p: { action: string }) => p.action),
    ).toEqual(['plugin::viewings.viewing.own']);
  });
});
