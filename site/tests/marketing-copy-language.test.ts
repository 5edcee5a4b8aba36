// The site reads marketing's copy in the page's language and falls back to English where marketing
// has not written (or published) that language: against a stand-in cms that answers as Strapi does
// (404 for a single type's missing locale, an empty list for a collection's).
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

let cms: Server;
const asked: string[] = [];
const hero = { en: 'Find your next home in Ghana', fr: 'Trouvez votre prochain logement au Ghana' };

beforeAll(async () => {
  cms = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://cms');
    const locale = url.searchParams.get('locale') ?? 'en';
    asked.push(`${url.pathname}?locale=${locale}`);
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/api/home-page') {
      if (locale === 'es')
        return json(404, { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found' } });
      return json(200, { data: { heroTitle: hero[locale as 'en' | 'fr'] } });
    }
    if (url.pathname === '/api/site-setting')
      return json(200, {
        data: {
          brandName: 'Fie Homes',
          customerCarePhone: locale === 'en' ? '+233 30 000 0001' : '+233 30 999 9999',
          supportEmail: 'care@fiehomes.com.gh',
          officeAddress: 'Osu, Accra',
          mapLatitude: 5.5,
          mapLongitude: -0.2,
          usdToGhsRate: 12,
          tagline: locale === 'fr' ? 'Des maisons partout au Ghana' : 'Homes across Ghana',
        },
      });
    if (url.pathname === '/api/testimonials') {
      const data = locale === 'fr' ? [] : [{ name: 'Ama', quote: 'Great service.', rating: 5 }];
      return json(200, {
        data,
        meta: { pagination: { page: 1, pageSize: 50, pageCount: 1, total: data.length } },
      });
    }
    json(404, { error: { message: 'Not Found' } });
  });
  await new Promise<void>((resolve) => cms.listen(0, '127.0.0.1', resolve));
  const { port } = cms.address() as { port: number };
  vi.stubEnv('CMS_URL', `http://127.0.0.1:${port}`);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise<void>((resolve) => cms.close(() => resolve()));
});

const client = () => import('../src/lib/cms-client');

describe("marketing's copy in the page's language", () => {
  it('reads the language asked for, and says it is written in it', async () => {
    const { getHomePage } = await client();
    expect(await getHomePage('fr')).toMatchObject({ heroTitle: hero.fr, writtenIn: 'fr' });
    expect(await getHomePage('en')).toMatchObject({ heroTitle: hero.en, writtenIn: 'en' });
  });

  it('falls back to English where the language is not written, and says so', async () => {
    const { getHomePage, getTestimonials } = await client();
    expect(await getHomePage('es')).toMatchObject({ heroTitle: hero.en, writtenIn: 'en' });
    const quotes = await getTestimonials('fr');
    expect(quotes.writtenIn).toBe('en');
    expect(quotes.items.map((t) => t.quote)).toEqual(['Great service.']);
  });

  it("takes the settings' texts from the language and what is shared from English", async () => {
    const { getSiteSettings } = await client();
    const settings = await getSiteSettings('fr');
    expect(settings).toMatchObject({ tagline: 'Des maisons partout au Ghana', writtenIn: 'fr' });
    // A shared field's change reaches other languages' drafts only: English holds the current value.
    expect(settings.customerCarePhone).toBe('+233 30 000 0001');
    expect(asked).toContain('/api/site-setting?locale=en');
  });
});
