import path from 'path';
import fs from 'fs';
import type { Core } from '@strapi/strapi';
import { DAY_MS, bookableDates, dailySlots, propertyLabel, type AppointmentStatus } from '@fie/domain';
import { DEMO_DEALS, DEMO_ENQUIRIES, DEMO_PARTNERS, DEMO_PROPERTIES, DEMO_TESTIMONIALS } from './catalogue';
import { demoPoint } from './points';
import { DEMO_TESTIMONIAL_TEXTS } from './testimonial-translations';
import { DEMO_ACCOUNTS, DEMO_PANEL_ACCOUNTS } from './accounts';
import type { User } from '../shared/account';
import { documentData } from '../shared/document-data';
import { getService as accountsService } from '../plugins/accounts/server/src/get-service';
import { getUploadService } from '../shared/core-services';

const MARKER_KEY = 'demo-seeded-at';
const IMAGES_DIR = path.resolve(__dirname, '..', '..', '..', 'demo', 'images');
/**
 * Fresh listings: most demo listings were confirmed in the last ten days; these were not, so the site
 * shows both other states (past the default 30 days: "May no longer be available"; past 60: out of the
 * listing, with a notice on its page, and in the staff "Needs confirming" list).
 */
const CONFIRMED_DAYS_AGO: Record<string, number> = {
  'kumasi-nhyiaeso-house-1': 40,
  'cape-coast-pedu-apartment-1': 36,
  'accra-dzorwulu-house-1': 68,
  'techiman-hansua-land-1': 90,
  'koforidua-effiduase-land-1': 70,
};

const store = (strapi: Core.Strapi) => strapi.store({ type: 'core', name: 'fie' });

export async function demoSeededAt(strapi: Core.Strapi): Promise<string | null> {
  return ((await store(strapi).get({ key: MARKER_KEY })) as string | null) ?? null;
}

/** Uploads each demo image once through the upload plugin (so it gets responsive formats). */
async function uploadImages(strapi: Core.Strapi, names: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const upload = getUploadService(strapi);
  for (const name of names) {
    const existing = await strapi.db.query('plugin::upload.file').findOne({ where: { name } });
    if (existing) {
      ids.set(name, existing.id);
      continue;
    }
    const filepath = path.join(IMAGES_DIR, name);
    const stat = fs.statSync(filepath);
    const [file] = await upload.upload({
      data: { fileInfo: { name, alternativeText: altText(name), caption: null } },
      files: {
        filepath,
        originalFilename: name,
        mimetype: name.endsWith('.webp') ? 'image/webp' : 'image/jpeg',
        size: stat.size,
      },
    });
    ids.set(name, file.id);
  }
  return ids;
}

function altText(fileName: string): string {
  const kind = fileName.replace(/-\d+\.\w+$/, '');
  return kind === 'interior' ? 'Inside the property' : `Outside view of the ${kind}`;
}

async function ensurePanelAccounts(strapi: Core.Strapi) {
  for (const account of DEMO_PANEL_ACCOUNTS) {
    const existing = await strapi.db.query('admin::user').findOne({ where: { email: account.email } });
    if (existing) continue;
    const role = await strapi.db.query('admin::role').findOne({ where: { code: account.roleCode } });
    if (!role) continue;
    const { roleCode: _code, ...fields } = account;
    await strapi
      .service('admin::user')
      .create({ ...fields, isActive: true, registrationToken: null, roles: [role.id] });
  }
}

async function ensureDemoAccounts(strapi: Core.Strapi) {
  const userIds: Record<string, { id: number; documentId: string }> = {};
  for (const account of DEMO_ACCOUNTS) {
    const roleId = await accountsService(strapi, 'roles').findRoleId(account.roleType);
    let user: Pick<User, 'id' | 'documentId'> | null = await strapi.db
      .query('plugin::users-permissions.user')
      .findOne({ where: { email: account.email } });
    if (!user) {
      user = await strapi.documents('plugin::users-permissions.user').create({
        data: {
          username: account.email,
          email: account.email,
          password: account.password,
          provider: 'local',
          confirmed: true,
          blocked: false,
          role: roleId,
          fullName: account.fullName,
          phone: account.phone,
          location: account.location,
        },
      });
    }
    userIds[account.key] = { id: user.id as number, documentId: user.documentId };
  }
  return userIds;
}

/**
 * Seeds the demo catalogue once, into an empty database. A marker in the core store records
 * that it ran; a database that already holds properties is never seeded.
 */
export async function seedDemoData(strapi: Core.Strapi, now: Date = new Date()): Promise<boolean> {
  if (await demoSeededAt(strapi)) return false;
  const existing = await strapi.db.query('api::property.property').count({});
  if (existing > 0) {
    strapi.log.info('[fie] DEMO_DATA=true but the database already holds properties: demo data not added');
    return false;
  }

  const started = Date.now();
  const imageNames = [...new Set(DEMO_PROPERTIES.flatMap((p) => p.images))];
  const imageIds = await uploadImages(strapi, imageNames);

  await strapi.db.transaction(async () => {
    await ensurePanelAccounts(strapi);
    const users = await ensureDemoAccounts(strapi);
    const cities: { documentId: string; slug: string }[] = await strapi.db
      .query('api::city.city')
      .findMany({ select: ['documentId', 'slug'] });
    const cityBySlug = new Map(cities.map((c) => [c.slug, c.documentId]));

    const propertyByKey = new Map<string, { documentId: string; label: string }>();
    for (const p of DEMO_PROPERTIES) {
      const doc = await strapi.documents('api::property.property').create({
        data: documentData('api::property.property', {
          images: p.images.map((n: string) => imageIds.get(n)),
          propertyType: p.propertyType,
          leaseType: p.leaseType,
          propertyState: p.propertyState,
          priceAmount: p.priceAmount,
          currency: p.currency,
          advanceMonths: p.advanceMonths ?? null,
          agencyFeePercent: p.agencyFeePercent ?? null,
          registrationFee: p.registrationFee ?? null,
          city: cityBySlug.get(p.citySlug),
          location: p.location,
          nearestLandmark: p.nearestLandmark,
          digitalAddress: p.digitalAddress,
          ...(demoPoint(p.key, p.location) ?? {}),
          numberOfBedrooms: p.numberOfBedrooms,
          numberOfBathrooms: p.numberOfBathrooms,
          numberOfWashrooms: p.numberOfWashrooms,
          furnishStatus: p.furnishStatus,
          amenities: p.amenities,
          available: p.available,
          approvalStatus: p.approved ? 'approved' : 'unapproved',
          postedBy: p.approved ? users.superadmin!.documentId : users.admin!.documentId,
          description: p.description,
        }),
      });
      // Listing dates spread over past months, so "newest" and the New badge look real.
      const createdAt = new Date(now.getTime() - p.daysAgo * DAY_MS - (propertyByKey.size % 24) * 3_600_000);
      const confirmedDaysAgo = CONFIRMED_DAYS_AGO[p.key] ?? Math.min(p.daysAgo, propertyByKey.size % 10);
      await strapi.db.query('api::property.property').update({
        where: { id: doc.id },
        data: {
          createdAt,
          updatedAt: createdAt,
          availabilityConfirmedAt: new Date(now.getTime() - confirmedDaysAgo * DAY_MS),
        },
      });
      propertyByKey.set(p.key, { documentId: doc.documentId, label: propertyLabel(p) });
    }

    // Viewings for the demo seeker: upcoming ones on real free slots, and some past outcomes.
    const approved = DEMO_PROPERTIES.filter((p) => p.approved && p.available);
    const dates = bookableDates(now);
    const slots = dailySlots();
    const viewings: {
      who: string;
      property: (typeof approved)[number] | undefined;
      date: string | undefined;
      time: string | undefined;
      status: AppointmentStatus;
      comments: string | null;
    }[] = [
      {
        who: 'seeker',
        property: approved[0],
        date: dates[2],
        time: slots[2],
        status: 'Ongoing',
        comments: 'I would like to see the kitchen and the parking.',
      },
      {
        who: 'seeker',
        property: approved[5],
        date: dates[4],
        time: slots[8],
        status: 'Rescheduled',
        comments: 'Moved to the afternoon at my request.',
      },
      {
        who: 'seeker2',
        property: approved[0],
        date: dates[3],
        time: slots[4],
        status: 'Ongoing',
        comments: null,
      },
      {
        who: 'seeker',
        property: approved[9],
        date: isoDaysAgo(now, 12),
        time: '10:00',
        status: 'Successful',
        comments: 'Liked it; waiting for the landlord.',
      },
      {
        who: 'seeker2',
        property: approved[14],
        date: isoDaysAgo(now, 8),
        time: '14:30',
        status: 'Unsuccessful',
        comments: 'Client did not come.',
      },
    ];
    for (const v of viewings) {
      if (!v.property || !v.date) continue;
      const prop = propertyByKey.get(v.property.key)!;
      await strapi.documents('plugin::viewings.appointment').create({
        data: documentData('plugin::viewings.appointment', {
          user: users[v.who]!.documentId,
          property: prop.documentId,
          propertyLabel: prop.label,
          date: v.date,
          time: v.time,
          status: v.status,
          comments: v.comments,
        }),
      });
    }

    for (const e of DEMO_ENQUIRIES) {
      const prop = e.propertyKey ? propertyByKey.get(e.propertyKey) : undefined;
      await strapi.documents('api::enquiry.enquiry').create({
        data: documentData('api::enquiry.enquiry', {
          owner: e.byDemoSeeker ? users.seeker!.documentId : null,
          name: e.name,
          phoneNumber: e.phoneNumber,
          email: e.email,
          whatsAppNumber: e.whatsAppNumber,
          location: e.location,
          propertyType: e.propertyType,
          budget: e.budget,
          furnishStatus: e.furnishStatus,
          message: e.message,
          status: e.status,
          priority: e.priority,
          property: prop?.documentId ?? null,
          propertyLabel: prop?.label ?? null,
          enquiryDate: new Date(now.getTime() - e.daysAgo * DAY_MS).toISOString(),
          source: e.byDemoSeeker ? (prop ? 'property' : 'dashboard') : 'staff',
        }),
      });
    }

    for (const d of DEMO_DEALS) {
      const prop = d.propertyKey ? propertyByKey.get(d.propertyKey) : undefined;
      const { key: _key, propertyKey: _pk, approved, ...fields } = d;
      await strapi.documents('api::deal.deal').create({
        data: documentData('api::deal.deal', {
          ...fields,
          loggedBy: approved ? users.superadmin!.documentId : users.admin!.documentId,
          approvalStatus: approved ? 'approved' : 'unapproved',
          property: prop?.documentId ?? null,
          propertyLabel: prop?.label ?? null,
        }),
      });
    }

    for (const [i, t] of DEMO_TESTIMONIALS.entries()) {
      const created = await strapi
        .documents('api::testimonial.testimonial')
        .create({ data: { ...t, sortOrder: i }, status: 'published' });
      // The same client's words in French and Spanish (name, rating and photo are shared).
      for (const locale of ['fr', 'es'] as const) {
        const words = DEMO_TESTIMONIAL_TEXTS[locale][i];
        if (words)
          await strapi
            .documents('api::testimonial.testimonial')
            .update({ documentId: created.documentId, locale, data: { ...words }, status: 'published' });
      }
    }
    for (const [i, p] of DEMO_PARTNERS.entries()) {
      await strapi
        .documents('api::partner.partner')
        .create({ data: documentData('api::partner.partner', { ...p, sortOrder: i }), status: 'published' });
    }

    await store(strapi).set({ key: MARKER_KEY, value: now.toISOString() });
  });

  // The listings confirmed long ago leave the listing now rather than at the sweep's next minute.
  await strapi.service('api::property.availability').sweep();
  strapi.log.info(
    `[fie] demo data seeded: ${DEMO_PROPERTIES.length} properties in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  printDemoCredentials(strapi);
  return true;
}

function isoDaysAgo(now: Date, days: number): string {
  return new Date(now.getTime() - days * DAY_MS).toISOString().slice(0, 10);
}

function printDemoCredentials(strapi: Core.Strapi) {
  const site = DEMO_ACCOUNTS.map((a) => `    ${a.role.padEnd(12)} ${a.email.padEnd(28)} ${a.password}`);
  const panel = DEMO_PANEL_ACCOUNTS.map(
    (a) =>
      `    ${(a.roleCode === 'fie-marketing' ? 'marketing' : 'panel admin').padEnd(12)} ${a.email.padEnd(28)} ${a.password}`,
  );
  strapi.log.info(
    [
      '',
      '  Demo accounts (LOCAL ONLY: never use these on a public server):',
      '  site sign-in',
      ...site,
      '  cms admin panel (/admin)',
      ...panel,
      '',
    ].join('\n'),
  );
}
