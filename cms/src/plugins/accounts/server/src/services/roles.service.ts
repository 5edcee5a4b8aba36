import type { Core } from '@strapi/strapi';

const ROLE_UID = 'plugin::users-permissions.role';

// Seekers use users-permissions' own "authenticated" role (our role name `user`);
// staff get two roles of their own.
export const STAFF_ROLE_DEFINITIONS = [
  { type: 'admin', name: 'Admin', description: 'Staff: manages properties, viewings, enquiries and deals' },
  {
    type: 'superadmin',
    name: 'Superadmin',
    description: 'Staff: everything an admin does, plus approvals and staff accounts',
  },
] as const;

export type RoleType = 'authenticated' | 'admin' | 'superadmin';

/** Role `type` in users-permissions → role name in the API's answers. */
export function roleName(type: string | undefined | null): 'user' | 'admin' | 'superadmin' {
  if (type === 'admin' || type === 'superadmin') return type;
  return 'user';
}

/** The site's roles, on users-permissions' role table. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  // Role ids by type, read once: every staff list and sign-up asks for them. Any change to a role
  // row (the panel can edit or delete roles) forgets them all.
  const ids = new Map<RoleType, number>();
  let watching = false;
  const watch = () => {
    if (watching) return;
    watching = true;
    const forget = () => ids.clear();
    strapi.db.lifecycles.subscribe({
      models: [ROLE_UID],
      afterCreate: forget,
      afterUpdate: forget,
      afterDelete: forget,
      afterUpdateMany: forget,
      afterDeleteMany: forget,
    });
  };
  return {
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
      watch();
      const known = ids.get(type);
      if (known !== undefined) return known;
      const role = await strapi.db.query(ROLE_UID).findOne({ where: { type } });
      if (!role) throw new Error(`users-permissions role "${type}" is missing`);
      ids.set(type, role.id as number);
      return role.id as number;
    },
  };
};
