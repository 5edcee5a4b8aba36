import type { Core } from '@strapi/strapi';
import { getService } from '../get-service';

const USER_UID = 'plugin::users-permissions.user';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /**
   * SUPERADMIN_EMAIL + SUPERADMIN_PASSWORD make the first superadmin of a database that has none.
   * Once one exists they change nothing: left set in the environment, they would otherwise undo a
   * revocation or a password change at every start.
   */
  async ensure(env: NodeJS.ProcessEnv = process.env): Promise<void> {
    const email = env.SUPERADMIN_EMAIL?.trim().toLowerCase();
    const password = env.SUPERADMIN_PASSWORD;
    if (!email || !password) return;

    const roleId = await getService(strapi, 'roles').findRoleId('superadmin');
    if ((await strapi.db.query(USER_UID).count({ where: { role: roleId } })) > 0) {
      strapi.log.info(
        '[fie] SUPERADMIN_* settings ignored: a superadmin exists (they only create the first one; unset them)',
      );
      return;
    }
    const existing = await strapi.db.query(USER_UID).findOne({ where: { email } });
    const data = { password, role: roleId, confirmed: true, blocked: false };
    if (existing) {
      await strapi.documents(USER_UID).update({ documentId: existing.documentId, data });
      strapi.log.info(`[fie] superadmin ${email}: made the first superadmin from SUPERADMIN_* settings`);
    } else {
      await strapi.documents(USER_UID).create({
        data: { ...data, username: email, email, provider: 'local', fullName: 'Super Admin' },
      });
      strapi.log.info(`[fie] superadmin ${email}: created from SUPERADMIN_* settings`);
    }
  },
});
