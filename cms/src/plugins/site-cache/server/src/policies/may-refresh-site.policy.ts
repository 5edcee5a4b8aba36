import { httpError } from '../../../../../shared/errors';
import { REFRESH_SITE_ACTION } from '../permissions';
import type { Context } from '../../../../../shared/context';

/**
 * The panel user's role must hold the refresh permission. Strapi's own admin::hasPermissions
 * answers a bare "Policy Failed"; this says what is missing.
 */
export default (policyContext: Context) => {
  if (policyContext.state.userAbility?.can(REFRESH_SITE_ACTION)) return true;
  throw httpError(
    403,
    'Your panel role may not refresh the public site. Ask a panel super admin for the "Refresh the public site" permission.',
  );
};
