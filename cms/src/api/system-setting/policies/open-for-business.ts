import type { Core } from '@strapi/strapi';
import { MESSAGES } from '@fie/domain';
import { httpError } from '../../../shared/errors';
import { requestState } from '../../../shared/request-state';

/**
 * `api::system-setting.open-for-business`: while maintenance mode is on, a visitor's or seeker's
 * sign-up, booking or enquiry answers 503 with a clear message; staff work goes on. Place it after
 * the signed-in policy on routes that have one, so it knows the caller's role.
 */
export default async (
  policyContext: { state?: unknown },
  _config: unknown,
  { strapi }: { strapi: Core.Strapi },
) => {
  const role = requestState(policyContext).role;
  if (role === 'admin' || role === 'superadmin') return true;
  if (await strapi.service('api::system-setting.system').maintenance())
    throw httpError(503, MESSAGES.maintenance);
  return true;
};
