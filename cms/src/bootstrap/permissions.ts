import type { Core } from '@strapi/strapi';

const PERMISSION_UID = 'plugin::users-permissions.permission';

// Marketing copy and the city list are public; every business record is served by custom
// routes with their own policies, so no role is granted the stock routes of those types.
export const PUBLIC_READ_ACTIONS = [
  'api::site-setting.site-setting.find',
  'api::home-page.home-page.find',
  'api::about-page.about-page.find',
  'api::testimonial.testimonial.find',
  'api::testimonial.testimonial.findOne',
  'api::partner.partner.find',
  'api::partner.partner.findOne',
  'api::legal-page.legal-page.find',
  'api::legal-page.legal-page.findOne',
  'api::city.city.find',
  'api::city.city.findOne',
] as const;

export async function ensurePublicPermissions(strapi: Core.Strapi): Promise<void> {
  const roles = await strapi.db.query('plugin::users-permissions.role').findMany({
    where: { type: { $in: ['public', 'authenticated', 'admin', 'superadmin'] } },
  });
  for (const role of roles) {
    for (const action of PUBLIC_READ_ACTIONS) {
      const existing = await strapi.db.query(PERMISSION_UID).findOne({ where: { action, role: role.id } });
      if (!existing) {
        await strapi.db.query(PERMISSION_UID).create({ data: { action, role: role.id } });
      }
    }
  }
}
