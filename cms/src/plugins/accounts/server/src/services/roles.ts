import type { Core } from '@strapi/strapi';

const ROLE_UID = 'plugin::users-permissions.role';

// Seekers use users-permissions' own "authenticated" role (our role name `user`);
// staff get two roles of their own.
export const STAFF_ROLE_DEFINITIONS = [
  { type: 'admin', name: 'Admin', description: 'Staff: manages properties, viewings, enquiries and deals' },
  { type: 'superadmin', name: 'Superadmin', description: 'Staff: everything an admin does, plus approvals and staff accounts' },
] as const;

export type RoleType = 'authenticated' | 'admin' | 'superadmin';

/** Role `type` in users-permissions → role name in the seeds' contract. */
export function roleName(type: string | undefined | null): 'user' | 'admin' | 'superadmin' {
  if (type === 'admin' || type === 'superadmin') return type;
  return 'user';
}

/** The site's roles, on users-permissions' role table. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  roleName,

  /** Creates the staff roles where missing (run at every start). */
  async ensure(): Promise<void> {
    for (const def of STAFF_ROLE_DEFINITIONS) {
      const existing = await strapi.db.query(ROLE_UID).findOne({ where: { type: def.type } });
      if (!existing) {
        await strapi.db.query(ROLE_UID).create({ data: { ...def } });
        strapi.log.info(`[fie] created role ${def.type}`);
      }
    }
  },

  async findRoleId(type: RoleType): Promise<number> {
    const role = await strapi.db.query(ROLE_UID).findOne({ where: { type } });
    if (!role) throw new Error(`users-permissions role "${type}" is missing`);
    return role.id as number;
  },
});
