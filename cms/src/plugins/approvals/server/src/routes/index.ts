import type { Core } from '@strapi/strapi';
import type { GovernedType } from '../types';

/**
 * Two content-API routes per governed type, made from its configuration:
 *   GET /api/<path>/unapproved      the queue
 *   PUT /api/<path>/approve/:id     approve or keep unapproved (reject)
 * `config.prefix: ''` keeps them at /api/<path>/… instead of Strapi's default /api/approvals/…
 * (a route with its own prefix is mounted straight on the content API's /api router). They are
 * public to Strapi's auth (`auth: false`) and guarded by the accounts plugin's signed-in policy with the type's
 * approver roles, as the routes they replace were. Each route names its content type in
 * `config.approvals.contentType`, which the one queue controller reads.
 */
/** The accounts plugin's route policy for signed-in accounts (with `roles`); it also sets ctx.state.role. */
const SIGNED_IN_POLICY = 'plugin::accounts.signed-in';

export default {
  'content-api': ({ strapi }: { strapi: Core.Strapi }) => {
    const types = strapi.config.get('plugin::approvals.contentTypes', {}) as Record<string, GovernedType>;
    const routes = Object.entries(types).flatMap(([contentType, t]) => {
      // A fresh object per route: Strapi writes into a route's config while it registers it.
      const config = () => ({
        prefix: '',
        auth: false,
        policies: [{ name: SIGNED_IN_POLICY, config: { roles: t.approvers } }],
        approvals: { contentType },
      });
      return [
        { method: 'GET', path: `${t.path}/unapproved`, handler: 'queue.pending', config: config() },
        { method: 'PUT', path: `${t.path}/approve/:id`, handler: 'queue.decide', config: config() },
      ];
    });
    // The staff activity log: read by the superadmin only; nothing writes, edits or deletes entries over HTTP.
    routes.push({
      method: 'GET',
      path: '/audit',
      handler: 'audit.list',
      config: {
        prefix: '',
        auth: false,
        policies: [{ name: SIGNED_IN_POLICY, config: { roles: ['superadmin'] } }],
      } as never,
    });
    return { type: 'content-api', routes };
  },
};
