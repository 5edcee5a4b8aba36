import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { httpError } from '../http/errors';
import { roleName } from '../bootstrap/roles';

type Role = 'user' | 'admin' | 'superadmin';

/**
 * Route access: a confirmed, unblocked account with a live session, and (with `roles`) one of
 * those roles. No session → 401; wrong role → 403. Sets ctx.state.user (role populated) and
 * ctx.state.role.
 */
export default async (policyContext: any, config: { roles?: Role[] } = {}, { strapi }: { strapi: Core.Strapi }) => {
  const ctx = policyContext;
  let token: { id?: number; sessionId?: string } | null = null;
  try {
    token = await strapi.plugin('users-permissions').service('jwt').getToken(ctx);
  } catch {
    token = null;
  }
  if (!token?.id) throw httpError(401, 'Please sign in to continue.');

  const user = await strapi.db.query('plugin::users-permissions.user').findOne({ where: { id: token.id }, populate: ['role'] });
  if (!user || user.blocked) throw httpError(401, 'Please sign in to continue.');
  if (!user.confirmed) throw new errors.PolicyError('Please verify your email address first.');

  const role = roleName(user.role?.type);
  ctx.state.user = user;
  ctx.state.role = role;
  if (token.sessionId) ctx.state.session = { id: token.sessionId };

  if (config.roles && !config.roles.includes(role)) {
    throw new errors.PolicyError('You do not have permission to do this.');
  }
  return true;
};
