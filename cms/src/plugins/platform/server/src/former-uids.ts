import type { Core } from '@strapi/strapi';

// The outbox and the throttle counters were the accounts plugin's types before this plugin:
// plugin::accounts.outbox-message and plugin::accounts.rate-limit-bucket. Their rows need nothing
// (the tables kept their names), but Strapi keeps a few records per type keyed by its UID: the
// panel's list and edit view of the type (content-manager configuration in the core store) and the
// panel roles' rights on it (admin_permissions). Neither type is shown in the panel, so nothing in
// them was chosen by anyone: the old UIDs' records are removed, and Strapi makes the new UIDs' own
// at start as for any new type. (Strapi's own start drops records of types it no longer knows, which
// is all the accounts plugin's former api::account types needed; this says so here and does not
// depend on it.)
const FORMER_UIDS = ['plugin::accounts.outbox-message', 'plugin::accounts.rate-limit-bucket'];

const CM_CONFIG = 'plugin_content_manager_configuration_content_types::';

/** Runs after the schema sync, before any plugin's bootstrap (where the panel reads these records). */
export async function removeFormerUidRecords(strapi: Core.Strapi): Promise<void> {
  const views = await strapi.db
    .query('strapi::core-store')
    .deleteMany({ where: { key: { $in: FORMER_UIDS.map((uid) => `${CM_CONFIG}${uid}`) } } });
  // One by one, so each right's link to its role goes with it.
  const rights = (await strapi.db
    .query('admin::permission')
    .findMany({ where: { subject: { $in: FORMER_UIDS } }, select: ['id'] })) as { id: number }[];
  for (const { id } of rights) await strapi.db.query('admin::permission').delete({ where: { id } });
  if (views.count > 0 || rights.length > 0) {
    strapi.log.info(
      `[platform] removed what was stored under ${FORMER_UIDS.join(', ')} (${views.count} panel views, ${rights.length} panel rights)`,
    );
  }
}

export function registerFormerUidCleanup(strapi: Core.Strapi): void {
  strapi.hook('strapi::content-types.afterSync').register(() => removeFormerUidRecords(strapi));
}
