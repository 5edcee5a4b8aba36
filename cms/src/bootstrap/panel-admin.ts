import type { Core } from '@strapi/strapi';
import { isStrongPassword } from '@fie/domain';
import { guardPanelRoute } from '../shared/panel-routes';
import { httpError } from '../shared/errors';

/** The first administrator's password: the site's rule (which is also the panel's) and at least this long. */
export const PANEL_ADMIN_MIN_PASSWORD = 16;

const production = () => process.env.NODE_ENV === 'production';
const CLOSED = Symbol('fie panel registration closed');

export const PANEL_REGISTRATION_CLOSED =
  'Creating the first panel administrator from the browser is turned off. Set PANEL_ADMIN_EMAIL and PANEL_ADMIN_PASSWORD on the cms and restart it.';

/**
 * Strapi lets whoever opens a panel that has no administrator yet register as its super admin
 * (POST /admin/register-admin). A production server is reachable before its operator gets there, so
 * there the route is refused always, and the first administrator comes from the settings instead.
 * Runs in register, before the admin's routes are mounted.
 */
export function closePanelRegistration(strapi: Core.Strapi): void {
  guardPanelRoute(strapi, { method: 'POST', path: '/register-admin' }, CLOSED, async (_ctx, next) => {
    if (production()) throw httpError(403, PANEL_REGISTRATION_CLOSED);
    await next();
  });
}

/**
 * PANEL_ADMIN_EMAIL + PANEL_ADMIN_PASSWORD create the panel's first super admin when it has no
 * administrator; once one exists they change nothing. Without them, a panel with no administrator
 * says at start how to make one.
 */
export async function ensureFirstPanelAdmin(strapi: Core.Strapi): Promise<void> {
  const users = strapi.service('admin::user');
  if (await users.exists()) return;
  const email = process.env.PANEL_ADMIN_EMAIL?.trim().toLowerCase();
  const password = process.env.PANEL_ADMIN_PASSWORD ?? '';
  if (!email || !password) {
    // Loud where it matters; a test or development cms without a panel administrator is normal.
    const line =
      `[fie] The admin panel has no administrator yet. Set PANEL_ADMIN_EMAIL and PANEL_ADMIN_PASSWORD (${PANEL_ADMIN_MIN_PASSWORD}+ characters) and restart the cms, or run \`npx strapi admin:create-user\` in cms/.` +
      (production() ? ' Registering one from the browser is turned off in production.' : '');
    if (production()) strapi.log.warn(line);
    else strapi.log.info(line);
    return;
  }
  // The settings check refuses these before start; this is the same wall for a cms started otherwise.
  if (password.length < PANEL_ADMIN_MIN_PASSWORD || !isStrongPassword(password)) {
    throw new Error(
      `PANEL_ADMIN_PASSWORD must have ${PANEL_ADMIN_MIN_PASSWORD}+ characters with an uppercase letter, a lowercase letter and a digit`,
    );
  }
  const superAdmin = await strapi.service('admin::role').getSuperAdmin();
  await users.create({
    email,
    password,
    firstname: 'Panel',
    lastname: 'Administrator',
    isActive: true,
    registrationToken: null,
    roles: [superAdmin.id],
  });
  strapi.log.info(`[fie] panel administrator ${email}: created from PANEL_ADMIN_* settings`);
}
