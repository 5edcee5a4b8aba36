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

// Staff upload property images through the API (the back-office); nobody else may.
export const STAFF_ACTIONS = ['plugin::upload.content-api.upload'] as const;

export async function ensurePublicPermissions(strapi: Core.Strapi): Promise<void> {
  const roles: { id: number; type: string }[] = await strapi.db
    .query('plugin::users-permissions.role')
    .findMany({
      where: { type: { $in: ['public', 'authenticated', 'admin', 'superadmin'] } },
    });
  const wanted = roles.flatMap((role) => [
    ...PUBLIC_READ_ACTIONS.map((action) => ({ action, role: role.id })),
    ...(role.type === 'admin' || role.type === 'superadmin'
      ? STAFF_ACTIONS.map((action) => ({ action, role: role.id }))
      : []),
  ]);
  // One read of what exists, then only the missing grants are written.
  const existing: { action: string; role?: { id: number } | null }[] = await strapi.db
    .query(PERMISSION_UID)
    .findMany({
      where: { action: { $in: [...PUBLIC_READ_ACTIONS, ...STAFF_ACTIONS] } },
      populate: ['role'],
    });
  const have = new Set(existing.map((p) => `${p.action} ${p.role?.id}`));
  for (const grant of wanted) {
    if (!have.has(`${grant.action} ${grant.role}`))
      await strapi.db.query(PERMISSION_UID).create({ data: grant });
  }
  // Seekers and visitors never upload, even if someone ticks it in the admin panel.
  const others = roles.filter((r) => r.type === 'public' || r.type === 'authenticated').map((r) => r.id);
  await strapi.db
    .query(PERMISSION_UID)
    .deleteMany({ where: { action: { $in: [...STAFF_ACTIONS] }, role: { id: { $in: others } } } });
}
