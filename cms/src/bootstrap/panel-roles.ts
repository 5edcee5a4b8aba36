import type { Core } from '@strapi/strapi';

export const MARKETING_ROLE_CODE = 'fie-marketing';

/** What marketing staff edit in the admin panel: the site's copy, the city pages and images. */
export const MARKETING_CONTENT_TYPES = [
  'api::site-setting.site-setting',
  'api::home-page.home-page',
  'api::about-page.about-page',
  'api::testimonial.testimonial',
  'api::partner.partner',
  'api::legal-page.legal-page',
  'api::city.city',
  // The footer's newsletter list: marketing reads it (and removes an address on request).
  'api::subscriber.subscriber',
] as const;

// The parts of the admin's services used here: Strapi types every service as an untyped record.
type PermissionInput = { action: string; subject?: string | null; properties?: Record<string, unknown> };
interface RoleService {
  create(role: { name: string; code: string; description: string }): Promise<{ id: number }>;
  assignPermissions(roleId: number, permissions: PermissionInput[]): Promise<unknown>;
  addPermissions(roleId: number, permissions: PermissionInput[]): Promise<unknown>;
}
type PanelAction = { section: string };
interface PermissionService {
  actionProvider: { values(): PanelAction[]; has(action: string): boolean };
}
interface ContentTypeService {
  getPermissionsWithNestedFields(
    actions: PanelAction[],
    options: { restrictedSubjects: string[] },
  ): PermissionInput[];
}

const MEDIA_LIBRARY_ACTIONS = [
  'plugin::upload.read',
  'plugin::upload.configure-view',
  'plugin::upload.assets.create',
  'plugin::upload.assets.update',
  'plugin::upload.assets.download',
  'plugin::upload.assets.copy-link',
];

/** Our plugins' panel actions that marketing staff need: the "Refresh the public site now" page. */
export const MARKETING_PLUGIN_ACTIONS = ['plugin::site-cache.refresh'] as const;

// The plugin actions this database's Marketing role has been given once already.
const GRANTED_KEY = 'marketing-role-plugin-grants';

/**
 * Strapi's stock Editor role can edit every content type, including properties, deals and
 * viewings, which would let panel users approve listings behind the superadmin's back.
 * Marketing staff get this role instead. It is created once; later changes made in the panel
 * by a panel super admin are kept.
 */
export async function ensureMarketingPanelRole(strapi: Core.Strapi): Promise<number> {
  const existing = await strapi.db.query('admin::role').findOne({ where: { code: MARKETING_ROLE_CODE } });
  if (existing) {
    await grantNewPluginActionsOnce(strapi, existing.id);
    await grantAllLocalesOnce(strapi, existing.id);
    return existing.id;
  }

  const roleService = strapi.service('admin::role') as RoleService;
  const role = await roleService.create({
    name: 'Marketing',
    code: MARKETING_ROLE_CODE,
    description:
      'Edits and publishes the site copy, city pages, testimonials, partners and legal pages, and refreshes the public site. No access to properties, viewings, enquiries, deals or accounts.',
  });

  const actions = (strapi.service('admin::permission') as PermissionService).actionProvider
    .values()
    .filter((a) => a.section === 'contentTypes');
  const marketing = new Set<string>(MARKETING_CONTENT_TYPES);
  const restrictedSubjects = Object.keys(strapi.contentTypes).filter((uid) => !marketing.has(uid));
  const contentPermissions = (
    strapi.service('admin::content-type') as ContentTypeService
  ).getPermissionsWithNestedFields(actions, { restrictedSubjects });
  const pluginActions = MARKETING_PLUGIN_ACTIONS.filter((action) => isRegistered(strapi, action));
  const locales = await localeCodes(strapi);
  await roleService.assignPermissions(role.id, [
    ...contentPermissions.map((permission) => withLocales(strapi, permission, locales)),
    ...[...MEDIA_LIBRARY_ACTIONS, ...pluginActions].map((action) => ({ action })),
  ]);
  await store(strapi).set({ key: GRANTED_KEY, value: pluginActions });
  await store(strapi).set({ key: LOCALES_KEY, value: locales });
  strapi.log.info('[fie] created the Marketing admin-panel role');
  return role.id;
}

const store = (strapi: Core.Strapi) => strapi.store({ type: 'core', name: 'fie' });

// The locales this database's Marketing role has been given every one of already.
const LOCALES_KEY = 'marketing-role-locales';

const localeCodes = async (strapi: Core.Strapi): Promise<string[]> =>
  ((await strapi.plugin('i18n').service('locales').find()) as Array<{ code: string }>).map((l) => l.code);

const isLocalized = (strapi: Core.Strapi, subject: string | null | undefined) =>
  Boolean(
    subject &&
      (strapi.getModel(subject as never) as { pluginOptions?: { i18n?: { localized?: boolean } } })
        ?.pluginOptions?.i18n?.localized,
  );

/**
 * Marketing writes every language of the site's copy: on a localized type a permission names the
 * locales it covers (Strapi gives a role without any only the default one).
 */
function withLocales(strapi: Core.Strapi, permission: PermissionInput, locales: string[]): PermissionInput {
  if (!isLocalized(strapi, permission.subject)) return permission;
  return { ...permission, properties: { ...permission.properties, locales } };
}

/**
 * A role made before the copy had languages (Strapi then gave it English only) gets every locale
 * there is, once per new set of locales: a panel super admin who later narrows it is not overruled.
 * A permission on a type that has had languages only since it was granted (it names no locales)
 * gets every locale too.
 */
async function grantAllLocalesOnce(strapi: Core.Strapi, roleId: number): Promise<void> {
  const locales = await localeCodes(strapi);
  const granted = ((await store(strapi).get({ key: LOCALES_KEY })) as string[] | null) ?? [];
  const newLocales = !locales.every((code) => granted.includes(code));
  const held = (await strapi.db
    .query('admin::permission')
    .findMany({ where: { role: { id: roleId } } })) as Array<{
    id: number;
    subject: string | null;
    properties: Record<string, unknown> | null;
  }>;
  for (const permission of held) {
    const current = permission.properties?.locales;
    if (!isLocalized(strapi, permission.subject)) continue;
    if (!Array.isArray(current)) {
      await strapi.db.query('admin::permission').update({
        where: { id: permission.id },
        data: { properties: { ...permission.properties, locales } },
      });
      continue;
    }
    if (!newLocales) continue;
    const wanted = [
      ...new Set([...(current as string[]), ...locales.filter((code) => !granted.includes(code))]),
    ];
    if (wanted.length !== current.length)
      await strapi.db.query('admin::permission').update({
        where: { id: permission.id },
        data: { properties: { ...permission.properties, locales: wanted } },
      });
  }
  if (newLocales) await store(strapi).set({ key: LOCALES_KEY, value: locales });
}
const isRegistered = (strapi: Core.Strapi, action: string) =>
  (strapi.service('admin::permission') as PermissionService).actionProvider.has(action);

/**
 * A role made before a plugin action existed gets that action on the first start that knows it,
 * and only then: a panel super admin who later takes it away is not overruled at the next start.
 */
async function grantNewPluginActionsOnce(strapi: Core.Strapi, roleId: number): Promise<void> {
  const granted = ((await store(strapi).get({ key: GRANTED_KEY })) as string[] | null) ?? [];
  const fresh = MARKETING_PLUGIN_ACTIONS.filter(
    (action) => !granted.includes(action) && isRegistered(strapi, action),
  );
  if (fresh.length === 0) return;
  const held = await strapi.db
    .query('admin::permission')
    .findMany({ where: { role: { id: roleId }, action: { $in: fresh } } });
  const missing = fresh.filter((action) => !held.some((p: { action: string }) => p.action === action));
  if (missing.length > 0)
    await (strapi.service('admin::role') as RoleService).addPermissions(
      roleId,
      missing.map((action) => ({ action })),
    );
  await store(strapi).set({ key: GRANTED_KEY, value: [...granted, ...fresh] });
  strapi.log.info(`[fie] gave the Marketing admin-panel role: ${fresh.join(', ')}`);
}
