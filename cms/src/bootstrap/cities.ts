import type { Core } from '@strapi/strapi';
import { CITIES } from '@fie/domain';
import { ensureLocales } from './marketing-content';

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

/** The intros in French and Spanish, as marketing would write them (city names stay as the site spells them). */
const TRANSLATED_INTROS: Record<'fr' | 'es', Record<string, string>> = {
  fr: {
    accra:
      'La capitale du Ghana et son marché immobilier le plus actif : des appartements d’Airport Residential aux maisons familiales d’East Legon et de Spintex.',
    kumasi:
      'La « Garden City », cœur du pays ashanti : de grandes maisons à Ahodwo et Nhyiaeso, et des terrains aux abords d’une ville qui s’étend.',
    takoradi:
      'La ville du pétrole, dans la région de l’Ouest : des maisons en bord de mer et des bureaux à deux pas du port.',
    tamale:
      'La capitale du Nord, en pleine croissance : des maisons familiales abordables et des terrains autour de Vittin et de Kalpohin.',
    'cape-coast':
      'Une ville historique, universitaire et touristique, avec des logements près de l’UCC et de la côte.',
    koforidua: 'La capitale de la région de l’Est : des maisons familiales au calme, bien reliées à Accra.',
    techiman:
      'Un carrefour commercial du Bono East : des maisons et des locaux commerciaux près de l’un des plus grands marchés du Ghana.',
    ho: 'La capitale de la Volta : des quartiers résidentiels paisibles au pied des collines.',
  },
  es: {
    accra:
      'La capital de Ghana y su mercado inmobiliario más activo: de los apartamentos de Airport Residential a las casas familiares de East Legon y Spintex.',
    kumasi:
      'La «Ciudad Jardín» y corazón de Ashanti: casas amplias en Ahodwo y Nhyiaeso, y terrenos en las afueras de una ciudad que no para de crecer.',
    takoradi:
      'La ciudad del petróleo de la Región Occidental, con casas junto a la playa y oficinas a un paso del puerto.',
    tamale:
      'La capital del Norte, en pleno crecimiento, con casas familiares asequibles y terrenos en torno a Vittin y Kalpohin.',
    'cape-coast':
      'Una ciudad histórica, universitaria y turística, con viviendas cerca de la UCC y de la costa.',
    koforidua: 'La capital de la Región Oriental: casas familiares tranquilas y bien comunicadas con Accra.',
    techiman:
      'Un gran centro comercial de Bono East, con casas y locales comerciales cerca de uno de los mayores mercados de Ghana.',
    ho: 'La capital de la Región del Volta, con barrios residenciales tranquilos al pie de las colinas.',
  },
};

export async function ensureCities(strapi: Core.Strapi): Promise<void> {
  await ensureLocales(strapi);
  for (const [index, city] of CITIES.entries()) {
    let english = await strapi.db.query(CITY_UID).findOne({
      where: { slug: city.slug, locale: 'en' },
      select: ['documentId', 'name', 'slug', 'region', 'featured', 'sortOrder'],
    });
    english ??= await strapi.documents(CITY_UID).create({
      locale: 'en',
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
    // The French and Spanish city pages when missing (marketing rewrites them in the panel).
    for (const locale of ['fr', 'es'] as const) {
      const translated = await strapi.db
        .query(CITY_UID)
        .findOne({ where: { documentId: english.documentId, locale }, select: ['id'] });
      if (translated) continue;
      // The shared fields are given as English has them: a new language's version is validated whole.
      const { name, slug, region, featured, sortOrder } = english;
      await strapi.documents(CITY_UID).update({
        documentId: english.documentId,
        locale,
        data: {
          name,
          slug,
          region,
          featured,
          sortOrder,
          intro: TRANSLATED_INTROS[locale][city.slug] ?? null,
        },
      } as never);
    }
  }
}
