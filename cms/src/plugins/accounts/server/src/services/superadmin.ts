import type { Core } from '@strapi/strapi';

const USER_UID = 'plugin::users-permissions.user';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /**
   * SUPERADMIN_EMAIL + SUPERADMIN_PASSWORD create that superadmin, or reset its password, role and
   * lock state, on any database at every start: the way back in when every staff password is lost.
   */
  async ensure(env: NodeJS.ProcessEnv = process.env): Promise<void> {
    const email = env.SUPERADMIN_EMAIL?.trim().toLowerCase();
    const password = env.SUPERADMIN_PASSWORD;
    if (!email || !password) return;

    const roleId = await strapi.plugin('accounts').service('roles').findRoleId('superadmin');
    const existing = await strapi.db.query(USER_UID).findOne({ where: { email } });
    const data = { password, role: roleId, confirmed: true, blocked: false };
    if (existing) {
      await strapi.documents(USER_UID).update({ documentId: existing.documentId, data });
      strapi.log.info(`[fie] superadmin ${email}: password and role reset from SUPERADMIN_* settings`);
    } else {
      await strapi.documents(USER_UID).create({
        data: { ...data, username: email, email, provider: 'local', fullName: 'Super Admin' },
      });
      strapi.log.info(`[fie] superadmin ${email}: created from SUPERADMIN_* settings`);
    }
  },
});
