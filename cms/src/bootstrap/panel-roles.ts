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

const MEDIA_LIBRARY_ACTIONS = [
  'plugin::upload.read',
  'plugin::upload.configure-view',
  'plugin::upload.assets.create',
  'plugin::upload.assets.update',
  'plugin::upload.assets.download',
  'plugin::upload.assets.copy-link',
];

/**
 * Strapi's stock Editor role can edit every content type, including properties, deals and
 * viewings, which would let panel users approve listings behind the superadmin's back.
 * Marketing staff get this role instead. It is created once; later changes made in the panel
 * by a panel super admin are kept.
 */
export async function ensureMarketingPanelRole(strapi: Core.Strapi): Promise<number> {
  const existing = await strapi.db.query('admin::role').findOne({ where: { code: MARKETING_ROLE_CODE } });
  if (existing) return existing.id;

  const roleService = strapi.service('admin::role') as any;
  const role = await roleService.create({
    name: 'Marketing',
    code: MARKETING_ROLE_CODE,
    description: 'Edits and publishes the site copy, city pages, testimonials, partners and legal pages. No access to properties, viewings, enquiries, deals or accounts.',
  });

  const actions = (strapi.service('admin::permission') as any).actionProvider.values().filter((a: any) => a.section === 'contentTypes');
  const marketing = new Set<string>(MARKETING_CONTENT_TYPES);
  const restrictedSubjects = Object.keys(strapi.contentTypes).filter((uid) => !marketing.has(uid));
  const contentPermissions = (strapi.service('admin::content-type') as any).getPermissionsWithNestedFields(actions, { restrictedSubjects });
  await roleService.assignPermissions(role.id, [...contentPermissions, ...MEDIA_LIBRARY_ACTIONS.map((action) => ({ action }))]);
  strapi.log.info('[fie] created the Marketing admin-panel role');
  return role.id;
}
