import { describe, expect, it } from 'vitest';
import { declaredPlugins } from '../../scripts/check-plugins.mjs';
import approvalsConfig from '../../src/plugins/approvals/server/src/config';

// config/plugins.ts → approvals.config.contentTypes: what differs between the governed types.
const contentTypes = () => declaredPlugins().approvals.config.contentTypes;

describe('approvals configuration', () => {
  it('governs properties and deals, and the app configuration passes the plugin validator', () => {
    expect(Object.keys(contentTypes()).sort()).toEqual(['api::deal.deal', 'api::property.property']);
    expect(() => approvalsConfig.validator({ contentTypes: contentTypes() })).not.toThrow();
  });

  it('states the differences between properties and deals explicitly', () => {
    const { 'api::property.property': property, 'api::deal.deal': deal } = contentTypes();
    for (const t of [property, deal]) {
      expect(t).toMatchObject({
        field: 'approvalStatus',
        approvers: ['superadmin'],
        requeueEditsBy: ['admin'],
      });
    }
    expect(property.requeueIgnores).toEqual(['available']);
    expect(deal.requeueIgnores).toEqual([]);
    expect(property.queue.paging).toEqual({ pageSize: 10, maxPageSize: 50 });
    expect(deal.queue.paging).toEqual({ pageSize: 10, maxPageSize: 50 });
  });

  it('stops start-up on a mistaken configuration, naming the type and the key', () => {
    const good = contentTypes()['api::deal.deal'];
    expect(() =>
      approvalsConfig.validator({ contentTypes: { 'api::deal.deal': { ...good, approvers: [] } } }),
    ).toThrow("approvals.config.contentTypes['api::deal.deal']: approvers must list at least one role");
    expect(() =>
      approvalsConfig.validator({ contentTypes: { 'api::deal.deal': { ...good, path: 'deals' } } }),
    ).toThrow('path must look like');
    expect(() =>
      approvalsConfig.validator({
        contentTypes: {
          'api::deal.deal': good,
          'api::property.property': { ...contentTypes()['api::property.property'], path: '/deals' },
        },
      }),
    ).toThrow('share the path /deals');
  });
});
