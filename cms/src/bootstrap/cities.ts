import type { Core } from '@strapi/strapi';
import { CITIES } from '@fie/domain';

const CITY_UID = 'api::city.city';

// Reference data, not demo data: the eight cities the site is built around exist on every database.
const INTROS: Record<string, string> = {
  accra:
    'Ghana’s capital and busiest property market, from Airport Residential apartments to family homes in East Legon and Spintex.',
  kumasi:
    'The Garden City and heart of Ashanti: spacious homes in Ahodwo and Nhyiaeso, and land on the growing edges of the city.',
  takoradi: 'The oil city of the Western Region, with beach-side homes and offices close to the harbour.',
  tamale:
    'The fast-growing capital of the North, with affordable family houses and land around Vittin and Kalpohin.',
  'cape-coast': 'A historic university and tourism town with homes near UCC and the coast.',
  koforidua: 'The Eastern Region’s capital, with quiet family homes and good access to Accra.',
  techiman:
    'A trading hub of Bono East, with homes and commercial space near one of Ghana’s largest markets.',
  ho: 'The Volta Region’s capital, with calm residential areas beneath the hills.',
};

export async function ensureCities(strapi: Core.Strapi): Promise<void> {
  for (const [index, city] of CITIES.entries()) {
    const existing = await strapi.db.query(CITY_UID).findOne({ where: { slug: city.slug } });
    if (existing) continue;
    await strapi.documents(CITY_UID).create({
      data: {
        name: city.name,
        slug: city.slug,
        region: city.region,
        intro: INTROS[city.slug] ?? null,
        // The home page features these four.
        featured: ['accra', 'kumasi', 'takoradi', 'tamale'].includes(city.slug),
        sortOrder: index,
      },
    });
  }
}
