import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { MESSAGES } from '@fie/domain';
import { httpError } from '../../../../../shared/errors';
import type { Role } from '../../../../../shared/account';
import type { Context } from '../../../../../shared/context';
import { getService } from '../get-service';

/**
 * `plugin::accounts.signed-in`. Route access: a confirmed, unblocked account with a live session,
 * and (with `roles`) one of those roles. No session → 401; unconfirmed or wrong role → 403. Sets
 * ctx.state.user (role populated), ctx.state.role and ctx.state.session.
 */
export default async (
  policyContext: Context,
  config: { roles?: Role[] } = {},
  { strapi }: { strapi: Core.Strapi },
) => {
  const account = await getService(strapi, 'sessions').currentAccount(policyContext);
  if (!account) throw httpError(401, MESSAGES.signInToContinue);
  if (!account.user.confirmed) throw new errors.PolicyError(MESSAGES.verifyEmailFirst);

  policyContext.state.user = account.user;
  policyContext.state.role = account.role;
  if (account.sessionId) policyContext.state.session = { id: account.sessionId };

  if (config.roles && !config.roles.includes(account.role)) {
    throw new errors.PolicyError(MESSAGES.noPermission);
  }
  return true;
};
