import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AMENITIES,
  APPOINTMENT_STATUSES,
  CITIES,
  CURRENCIES,
  ENQUIRY_PRIORITIES,
  ENQUIRY_STATUSES,
  FURNISH_STATUSES,
  LEASE_TYPES,
  NO_AGENT_INVOLVED,
  PROPERTY_STATES,
  PROPERTY_TYPES,
} from '@fie/domain';
import { startCms, type TestCms } from '../helpers/strapi';

let cms: TestCms;
let strapi: any;

beforeAll(async () => {
  // What the first start makes, on a database no cms has started on.
  cms = await startCms({ fresh: true });
  strapi = cms.strapi;
});
afterAll(async () => {
  await cms?.stop();
});

const attrs = (uid: string) => strapi.contentType(uid).attributes;

async function createProperty(data: Record<string, unknown> = {}) {
  const city = await strapi.db.query('api::city.city').findOne({ where: { slug: 'accra' } });
  return strapi.documents('api::property.property').create({
    data: {
      propertyType: 'Apartment',
      leaseType: 'Rent',
      priceAmount: 1000,
      currency: 'USD',
      location: 'East Legon, Accra',
      nearestLandmark: 'A&C Mall',
      city: city.documentId,
      approvalStatus: 'approved',
      ...data,
    },
  });
}

describe('content model', () => {
  it('types every property field with the shared enumerations', () => {
    const a = attrs('api::property.property');
    expect(a.images).toMatchObject({ type: 'media', multiple: true });
    expect(a.propertyType.enum).toEqual([...PROPERTY_TYPES]);
    expect(a.leaseType.enum).toEqual([...LEASE_TYPES]);
    expect(a.propertyState.enum).toEqual([...PROPERTY_STATES]);
    expect(a.furnishStatus.enum).toEqual([...FURNISH_STATUSES]);
    expect(a.currency.enum).toEqual([...CURRENCIES]);
    expect(a.priceAmount.type).toBe('decimal');
    expect(a.city).toMatchObject({ type: 'relation', target: 'api::city.city' });
    expect(a.postedBy).toMatchObject({ type: 'relation', target: 'plugin::users-permissions.user' });
    for (const n of ['numberOfBedrooms', 'numberOfBathrooms', 'numberOfWashrooms'])
      expect(a[n]).toMatchObject({ type: 'integer', min: 0 });
    expect(a.available.type).toBe('boolean');
    expect(a.approvalStatus.enum).toEqual(['approved', 'unapproved']);
    expect(a.description.type).toBe('richtext');
    expect(a.digitalAddress.type).toBe('string');
  });

  it('holds appointments, enquiries and deals with their statuses and defaults', () => {
    const ap = attrs('plugin::viewings.appointment');
    expect(ap.status.enum).toEqual([...APPOINTMENT_STATUSES]);
    expect(ap.date.type).toBe('date');
    expect(ap.startsAt.type).toBe('datetime');
    const en = attrs('api::enquiry.enquiry');
    expect(en.status.enum).toEqual([...ENQUIRY_STATUSES]);
    expect(en.priority.enum).toEqual([...ENQUIRY_PRIORITIES]);
    expect(en.priority.default).toBe('Moderate');
    expect(en.owner.target).toBe('plugin::users-permissions.user');
    const deal = attrs('api::deal.deal');
    for (const n of ['nameOfAgentInvolved', 'commissionToAgent', 'agentContact'])
      expect(deal[n].default).toBe(NO_AGENT_INVOLVED);
    expect(deal.loggedBy.target).toBe('plugin::users-permissions.user');
    expect(deal.tenancyStartDate.type).toBe('date');
    const user = attrs('plugin::users-permissions.user');
    expect(Object.keys(user)).toEqual(expect.arrayContaining(['fullName', 'phone', 'location']));
  });

  it('creates the user, admin and superadmin roles at bootstrap', async () => {
    const roles = await strapi.db.query('plugin::users-permissions.role').findMany({});
    expect(roles.map((r: any) => r.type).sort()).toEqual(['admin', 'authenticated', 'public', 'superadmin']);
  });

  it('creates the eight featured cities with lowercase slugs, each with a French and a Spanish page', async () => {
    const inLocale = (locale: string) =>
      strapi.db.query('api::city.city').findMany({ where: { locale }, orderBy: { sortOrder: 'asc' } });
    const cities = await inLocale('en');
    expect(cities.map((c: any) => c.slug)).toEqual(CITIES.map((c) => c.slug));
    expect(cities.find((c: any) => c.slug === 'cape-coast')?.name).toBe('Cape Coast');
    for (const locale of ['fr', 'es']) {
      const translated = await inLocale(locale);
      // The same cities (one document each), names and places; the introduction in the language.
      expect(translated.map((c: any) => [c.documentId, c.slug, c.name, c.sortOrder, c.featured])).toEqual(
        cities.map((c: any) => [c.documentId, c.slug, c.name, c.sortOrder, c.featured]),
      );
      for (const [i, c] of translated.entries()) expect(c.intro).not.toBe(cities[i].intro);
    }
    expect((await inLocale('fr')).find((c: any) => c.slug === 'ho')?.intro).toBe(
      'La capitale de la Volta : des quartiers résidentiels paisibles au pied des collines.',
    );
    // The public answer of one city's page per language (the site's city pages read it).
    const read = async (locale: string) =>
      (
        await (
          await fetch(`${cms.url}/api/cities?filters[slug][$eq]=ho&fields[0]=intro&locale=${locale}`)
        ).json()
      ).data as { intro: string }[];
    expect(await read('es')).toEqual([
      expect.objectContaining({
        intro:
          'La capital de la Región del Volta, con barrios residenciales tranquilos al pie de las colinas.',
      }),
    ]);
    expect((await read('en'))[0]!.intro).toMatch(/^The Volta Region’s capital/);
  });

  it('creates the database indexes the listing needs', async () => {
    const knex = strapi.db.connection;
    const names: string[] =
      cms.database.client === 'postgres'
        ? (
            await knex.raw(
              "select indexname as name from pg_indexes where tablename in ('properties','appointments')",
            )
          ).rows.map((r: any) => r.name)
        : (
            await knex.raw(
              "select name from sqlite_master where type = 'index' and tbl_name in ('properties','appointments')",
            )
          ).map((r: any) => r.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'properties_approval_created_idx',
        'properties_approval_price_idx',
        'properties_approval_type_idx',
        'properties_created_idx',
        'properties_price_amount_idx',
        'appointments_active_slot_uq',
      ]),
    );
  });
});

describe('marketing content', () => {
  it('is seeded with the business facts (hours, FAQ, terms) and readable by anyone', async () => {
    const settings = await (await fetch(`${cms.url}/api/site-setting?populate=*`)).json();
    expect(settings.data.officeHours.map((h: any) => `${h.days} ${h.hours}`)).toEqual([
      'Mon-Fri 9:00 AM-6:00 PM',
      'Sat 10:00 AM-4:00 PM',
      'Sun Closed',
    ]);
    expect(settings.data.socialLinks.map((s: any) => s.platform)).toEqual([
      'Facebook',
      'Twitter',
      'Instagram',
      'LinkedIn',
    ]);
    expect(Number(settings.data.usdToGhsRate)).toBeGreaterThan(0);

    const home = await (await fetch(`${cms.url}/api/home-page?populate=*`)).json();
    expect(home.data.howItWorks.map((s: any) => s.title)).toEqual([
      'Browse',
      'Book a viewing',
      'Pay a registration fee',
    ]);
    const faq = home.data.faqs.map((f: any) => f.answer).join(' ');
    for (const fact of ['3-7 business days', 'within 24 hours', '3 months of pay slips', 'mobile money'])
      expect(faq).toContain(fact);

    const terms = await (await fetch(`${cms.url}/api/legal-pages?filters[slug][$eq]=terms`)).json();
    const body = terms.data[0].body as string;
    for (const fact of [
      '24 hours ahead',
      'no-shows',
      'non-refundable registration fee',
      'Ghana',
      '18 or older',
    ])
      expect(body).toContain(fact);
  });

  it('keeps business records closed on the stock routes', async () => {
    const res = await fetch(`${cms.url}/api/properties`);
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body.message).toBe('Forbidden');
  });
});

describe('property rules on every write', () => {
  it('derives the GH₵ price from the reference rate and re-prices when the rate changes', async () => {
    const usd = await createProperty({ priceAmount: 1500, currency: 'USD' });
    const ghs = await createProperty({ priceAmount: 9000, currency: 'GHS' });
    const settings = await strapi
      .documents('api::site-setting.site-setting')
      .findFirst({ status: 'published' });
    const rate = Number(settings.usdToGhsRate);
    expect(
      Number(
        (await strapi.documents('api::property.property').findOne({ documentId: usd.documentId })).priceGhs,
      ),
    ).toBeCloseTo(1500 * rate, 2);
    expect(
      Number(
        (await strapi.documents('api::property.property').findOne({ documentId: ghs.documentId })).priceGhs,
      ),
    ).toBe(9000);

    await strapi
      .documents('api::property.property')
      .update({ documentId: usd.documentId, data: { priceAmount: 2000 } });
    expect(
      Number(
        (await strapi.documents('api::property.property').findOne({ documentId: usd.documentId })).priceGhs,
      ),
    ).toBeCloseTo(2000 * rate, 2);

    await strapi
      .documents('api::site-setting.site-setting')
      .update({ documentId: settings.documentId, data: { usdToGhsRate: 15 } });
    await strapi.documents('api::site-setting.site-setting').publish({ documentId: settings.documentId });
    expect(
      Number(
        (await strapi.documents('api::property.property').findOne({ documentId: usd.documentId })).priceGhs,
      ),
    ).toBe(30000);
    expect(
      Number(
        (await strapi.documents('api::property.property').findOne({ documentId: ghs.documentId })).priceGhs,
      ),
    ).toBe(9000);
  });

  it('does not touch prices when site settings change without a new rate', async () => {
    const usd = await createProperty({ priceAmount: 100, currency: 'USD' });
    // A marker the re-pricing statement would overwrite.
    await strapi.db
      .connection('properties')
      .where({ document_id: usd.documentId })
      .update({ price_ghs: 1.23 });
    const settings = await strapi
      .documents('api::site-setting.site-setting')
      .findFirst({ status: 'published' });
    await strapi
      .documents('api::site-setting.site-setting')
      .update({ documentId: settings.documentId, data: { customerCarePhone: '+233 30 000 0001' } });
    await strapi.documents('api::site-setting.site-setting').publish({ documentId: settings.documentId });
    expect(
      Number(
        (await strapi.db.connection('properties').where({ document_id: usd.documentId }).first('price_ghs'))
          .price_ghs,
      ),
    ).toBe(1.23);
  });

  it('refuses amenities outside the 20 values and keeps the valid ones', async () => {
    await expect(createProperty({ amenities: ['Pool', 'Helipad'] })).rejects.toThrow(
      /Amenities must be a list of/,
    );
    const ok = await createProperty({ amenities: ['Pool', 'Pool', AMENITIES[19]] });
    expect(ok.amenities).toEqual(['Pool', AMENITIES[19]]);
  });

  it('refuses a negative room count and an unknown enumeration value', async () => {
    await expect(createProperty({ numberOfBedrooms: -1 })).rejects.toThrow();
    await expect(createProperty({ propertyType: 'Castle' })).rejects.toThrow();
  });
});

describe('city slug on the property row', () => {
  it('follows the city relation on every write and a renamed city', async () => {
    const slugOf = async (documentId: string) =>
      (await strapi.db.connection('properties').where({ document_id: documentId }).first('city_slug'))
        .city_slug;
    const p = await createProperty();
    expect(await slugOf(p.documentId)).toBe('accra');
    const kumasi = await strapi.db.query('api::city.city').findOne({ where: { slug: 'kumasi' } });
    await strapi
      .documents('api::property.property')
      .update({ documentId: p.documentId, data: { city: kumasi.documentId } });
    expect(await slugOf(p.documentId)).toBe('kumasi');
    await strapi
      .documents('api::city.city')
      .update({ documentId: kumasi.documentId, data: { slug: 'kumasi-city' } });
    expect(await slugOf(p.documentId)).toBe('kumasi-city');
    // The slug is the city's in every language: the French and Spanish pages follow the rename.
    const versions = await strapi.db
      .query('api::city.city')
      .findMany({ where: { documentId: kumasi.documentId }, select: ['locale', 'slug'] });
    expect(versions.map((v: any) => v.slug)).toEqual(['kumasi-city', 'kumasi-city', 'kumasi-city']);
    // The property links to one version, the English one, so the listing's joins see one city row.
    const links = await strapi.db
      .connection('properties_city_lnk')
      .join('cities', 'cities.id', 'properties_city_lnk.city_id')
      .join('properties', 'properties.id', 'properties_city_lnk.property_id')
      .where('properties.document_id', p.documentId)
      .select('cities.locale');
    expect([...new Set(links.map((l: any) => l.locale))]).toEqual(['en']);
    const listed = await (await fetch(`${cms.url}/api/products?city=kumasi-city&pageSize=50`)).json();
    expect(listed.map((x: any) => x._id)).toContain(p.documentId);
    // Renamed through its French version: every version and the properties follow.
    await strapi
      .documents('api::city.city')
      .update({ documentId: kumasi.documentId, locale: 'fr', data: { slug: 'kumasi-gh' } } as never);
    expect(await slugOf(p.documentId)).toBe('kumasi-gh');
    expect(
      (
        await strapi.db
          .query('api::city.city')
          .findOne({ where: { documentId: kumasi.documentId, locale: 'en' } })
      ).slug,
    ).toBe('kumasi-gh');
    await strapi
      .documents('api::city.city')
      .update({ documentId: kumasi.documentId, data: { slug: 'kumasi' } });
    await strapi
      .documents('api::property.property')
      .update({ documentId: p.documentId, data: { city: null } });
    expect(await slugOf(p.documentId)).toBeNull();
  });

  it('a cached listing page is cleared by a write, so a new property shows at once', async () => {
    const page = async () =>
      (await (await fetch(`${cms.url}/api/products?search=Cache%20Lane&pageSize=50`)).json()).map(
        (x: any) => x._id,
      );
    expect(await page()).toEqual([]);
    const p = await createProperty({ location: 'Cache Lane, Accra' });
    expect(await page()).toEqual([p.documentId]);
  });
});

describe('viewing slots', () => {
  it('lets the database hold at most one active appointment per property and start time', async () => {
    const property = await createProperty();
    const book = (status = 'Ongoing', time = '10:00') =>
      strapi
        .documents('plugin::viewings.appointment')
        .create({ data: { property: property.documentId, date: '2030-01-07', time, status } });

    const first = await book();
    expect(first.startsAt).toBe('2030-01-07T10:00:00.000Z');
    await expect(book()).rejects.toThrow();
    await expect(book('Rescheduled')).rejects.toThrow();

    // Past outcomes do not hold the slot; another time is free.
    await expect(book('Cancelled')).resolves.toBeTruthy();
    await expect(book('Ongoing', '10:30')).resolves.toBeTruthy();

    // Cancelling the first frees its slot for a new booking.
    await strapi
      .documents('plugin::viewings.appointment')
      .update({ documentId: first.documentId, data: { status: 'Cancelled' } });
    await expect(book()).resolves.toBeTruthy();
    const active = await strapi.db.query('plugin::viewings.appointment').count({
      where: { startsAt: '2030-01-07T10:00:00.000Z', status: { $in: ['Ongoing', 'Rescheduled'] } },
    });
    expect(active).toBe(1);
  });

  it('refuses a malformed date or time', async () => {
    const property = await createProperty();
    await expect(
      strapi
        .documents('plugin::viewings.appointment')
        .create({ data: { property: property.documentId, date: '07/01/2030', time: '10:00' } }),
    ).rejects.toThrow(/yyyy-MM-dd/);
    await expect(
      strapi
        .documents('plugin::viewings.appointment')
        .create({ data: { property: property.documentId, date: '2030-01-07', time: '25:00' } }),
    ).rejects.toThrow(/HH:mm/);
  });
});

describe('public catalogue', () => {
  it('lists approved properties only, as a plain array, with a total count', async () => {
    const hidden = await createProperty({ approvalStatus: 'unapproved', location: 'Hidden Street, Accra' });
    const res = await fetch(`${cms.url}/api/products?pageSize=50`);
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(Number(res.headers.get('x-total-count'))).toBe(list.length);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((p: any) => p.approvalStatus === 'approved')).toBe(true);
    expect(list.some((p: any) => p._id === hidden.documentId)).toBe(false);
    expect(list[0].price).toMatch(/^(\$|GH₵)\d+(\.\d+)?$/);

    const missing = await fetch(`${cms.url}/api/products/${hidden.documentId}`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe('Property not found');
  });

  it('answers a bad query with 400 and a message, never a 500', async () => {
    const res = await fetch(`${cms.url}/api/products?pageSize=500&sort=cheapest`);
    expect(res.status).toBe(400);
    expect(typeof (await res.json()).message).toBe('string');
  });
});
