import type { Core } from '@strapi/strapi';
import { roleName } from '../bootstrap/roles';

export type Role = 'user' | 'admin' | 'superadmin';
export interface Account {
  user: any;
  role: Role;
  sessionId?: string;
}

/**
 * The caller's account from the Bearer token: a live session of an existing, unblocked account.
 * Null when there is no token or it is not valid. Unconfirmed accounts are returned (with
 * `user.confirmed` false) so the caller can say why they are refused.
 */
export async function currentAccount(strapi: Core.Strapi, ctx: any): Promise<Account | null> {
  let token: { id?: number; sessionId?: string } | null = null;
  try {
    token = await strapi.plugin('users-permissions').service('jwt').getToken(ctx);
  } catch {
    return null;
  }
  if (!token?.id) return null;
  const user = await strapi.db.query('plugin::users-permissions.user').findOne({ where: { id: token.id }, populate: ['role'] });
  if (!user || user.blocked) return null;
  return { user, role: roleName(user.role?.type), sessionId: token.sessionId };
}

export const isStaff = (account: Account | null) => account?.role === 'admin' || account?.role === 'superadmin';
