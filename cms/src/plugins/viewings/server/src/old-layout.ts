import type { Core } from '@strapi/strapi';

// Before this plugin, appointments were the app's api::appointment.appointment. The rows themselves
// need nothing (same table), but a few stored settings name the type or its actions, and Strapi
// would drop them as unknown at start: the panel roles' rights on appointments (admin_permissions),
// the panel's list and edit view of appointments (content-manager configuration), and grants of the
// old actions to users-permissions roles and API tokens. This renames them to the new names.
const OLD_UID = 'api::appointment.appointment';
const NEW_UID = 'plugin::viewings.appointment';
const OLD_ACTIONS = 'api::appointment.';
const NEW_ACTIONS = 'plugin::viewings.';
const CM_CONFIG = 'plugin_content_manager_configuration_content_types::';

type Row = {
  id: number;
  action: string;
  subject?: string | null;
  role?: { id: number } | null;
  token?: { id: number } | null;
};

/**
 * Renames rows of `uid` from old to new names; a row whose renamed twin already exists (same
 * owner, action and subject) is deleted instead, so nothing is granted twice.
 */
type GrantTable =
  | 'admin::permission'
  | 'plugin::users-permissions.permission'
  | 'admin::api-token-permission';

async function rename(
  strapi: Core.Strapi,
  uid: GrantTable,
  where: object,
  owner: 'role' | 'token',
  renamed: (row: Row) => Partial<Row>,
): Promise<number> {
  const query = strapi.db.query(uid);
  const rows = (await query.findMany({ where, populate: [owner] })) as Row[];
  if (rows.length === 0) return 0;
  const key = (r: Partial<Row>) => `${(r as Row)[owner]?.id} ${r.action} ${r.subject ?? ''}`;
  const wanted = rows.map((row) => ({ row, next: { ...row, ...renamed(row) } }));
  const twins = (await query.findMany({
    where: { action: { $in: [...new Set(wanted.map((w) => w.next.action))] } },
    populate: [owner],
  })) as Row[];
  const have = new Set(twins.map(key));
  for (const { row, next } of wanted) {
    if (have.has(key(next))) await query.delete({ where: { id: row.id } });
    else await query.update({ where: { id: row.id }, data: renamed(row) });
  }
  return rows.length;
}

async function renameViewConfiguration(strapi: Core.Strapi): Promise<void> {
  const store = strapi.db.query('strapi::core-store');
  const old = await store.findOne({ where: { key: `${CM_CONFIG}${OLD_UID}` } });
  if (!old) return;
  const current = await store.findOne({ where: { key: `${CM_CONFIG}${NEW_UID}` } });
  if (current) {
    await store.delete({ where: { id: old.id } });
    return;
  }
  const value = JSON.parse(old.value);
  await store.update({
    where: { id: old.id },
    data: { key: `${CM_CONFIG}${NEW_UID}`, value: JSON.stringify({ ...value, uid: NEW_UID }) },
  });
}

/** Runs after the schema sync, before any plugin's bootstrap (where Strapi drops unknown names). */
export async function renameOldLayout(strapi: Core.Strapi): Promise<void> {
  const moved = [
    await rename(strapi, 'admin::permission', { subject: OLD_UID }, 'role', () => ({ subject: NEW_UID })),
    await rename(
      strapi,
      'plugin::users-permissions.permission',
      { action: { $startsWith: OLD_ACTIONS } },
      'role',
      (r) => ({ action: NEW_ACTIONS + r.action.slice(OLD_ACTIONS.length) }),
    ),
    await rename(
      strapi,
      'admin::api-token-permission',
      { action: { $startsWith: OLD_ACTIONS } },
      'token',
      (r) => ({ action: NEW_ACTIONS + r.action.slice(OLD_ACTIONS.length) }),
    ),
  ];
  await renameViewConfiguration(strapi);
  if (moved.some((n) => n > 0))
    strapi.log.info(
      `[viewings] renamed permissions of ${OLD_UID} to ${NEW_UID} (${moved.join('/')} panel/role/token rows)`,
    );
}

export function registerOldLayoutRename(strapi: Core.Strapi): void {
  strapi.hook('strapi::content-types.afterSync').register(() => renameOldLayout(strapi));
}
