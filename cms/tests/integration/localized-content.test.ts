import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCms, type TestCms } from '../helpers/strapi';
import { client } from '../helpers/http';

// The marketing types speak English, French and Spanish: each has a version per locale, written in
// the panel; the contacts, links and pictures are one for all languages.
let cms: TestCms;

beforeAll(async () => {
  cms = await startCms();
});
afterAll(async () => {
  await cms?.stop();
});

const read = (path: string) => client(cms.url).get(path);

describe('the marketing copy in three languages', () => {
  it('has the English, French and Spanish locales, English first', async () => {
    const locales = await cms.strapi.plugin('i18n').service('locales').find();
    expect(locales.map((l: { code: string }) => l.code).sort()).toEqual(['en', 'es', 'fr']);
    expect(await cms.strapi.plugin('i18n').service('locales').getDefaultLocale()).toBe('en');
  });

  it('answers the home page, the about page and the settings in the language asked for', async () => {
    const titles = await Promise.all(
      ['en', 'fr', 'es'].map(
        async (locale) => (await read(`/api/home-page?locale=${locale}`)).body.data.heroTitle,
      ),
    );
    expect(titles).toEqual([
      'Find your next home in Ghana',
      'Trouvez votre prochain logement au Ghana',
      'Encuentra tu próximo hogar en Ghana',
    ]);
    // Without a locale, English (the default).
    expect((await read('/api/home-page')).body.data.heroTitle).toBe(titles[0]);
    expect((await read('/api/about-page?locale=fr')).body.data.title).toBe('À propos de Fie Homes');
    const terms = await read('/api/legal-pages?locale=es&filters[slug][$eq]=terms');
    expect(terms.body.data.map((p: { title: string }) => p.title)).toEqual(['Condiciones de uso']);
  });

  it('keeps one set of contacts for every language: what is not text is shared', async () => {
    const settings = await Promise.all(
      ['en', 'fr', 'es'].map(
        async (locale) => (await read(`/api/site-setting?locale=${locale}&populate=*`)).body.data,
      ),
    );
    expect(new Set(settings.map((s) => s.customerCarePhone)).size).toBe(1);
    expect(new Set(settings.map((s) => s.usdToGhsRate)).size).toBe(1);
    expect(settings.map((s) => s.officeHours[2].hours)).toEqual(['Closed', 'Fermé', 'Cerrado']);
    // A change to a shared field, made on one language's version, shows on all of them.
    const docs = cms.strapi.documents('api::site-setting.site-setting');
    const english = await docs.findFirst({ locale: 'en' });
    await docs.update({
      documentId: english!.documentId,
      locale: 'en',
      data: { customerCarePhone: '+233 30 000 0001' },
    });
    await docs.publish({ documentId: english!.documentId, locale: 'en' });
    // Strapi copies it to the other languages' drafts; their published versions keep the old value
    // until republished, so the site reads what is shared from the English version.
    const frenchDraft = await docs.findFirst({ locale: 'fr', status: 'draft' });
    expect(frenchDraft?.customerCarePhone).toBe('+233 30 000 0001');
    expect(frenchDraft?.tagline).toMatch(/^Maisons, terrains et bureaux/);
  });

  it('publishes a French edit on the French page only, and only once published', async () => {
    const docs = cms.strapi.documents('api::home-page.home-page');
    const home = await docs.findFirst({ locale: 'fr' });
    await docs.update({
      documentId: home!.documentId,
      locale: 'fr',
      data: { heroTitle: 'Votre maison à Accra' },
    });
    // Saved, not published: the public still reads the published French title.
    expect((await read('/api/home-page?locale=fr')).body.data.heroTitle).toBe(
      'Trouvez votre prochain logement au Ghana',
    );
    await docs.publish({ documentId: home!.documentId, locale: 'fr' });
    expect((await read('/api/home-page?locale=fr')).body.data.heroTitle).toBe('Votre maison à Accra');
    expect((await read('/api/home-page?locale=en')).body.data.heroTitle).toBe('Find your next home in Ghana');
  });

  it('answers 404 for a language marketing has not written, so the site falls back to English', async () => {
    const docs = cms.strapi.documents('api::about-page.about-page');
    const about = await docs.findFirst({ locale: 'es' });
    await docs.unpublish({ documentId: about!.documentId, locale: 'es' });
    expect((await read('/api/about-page?locale=es')).status).toBe(404);
    expect((await read('/api/about-page?locale=en')).status).toBe(200);
    // An unknown language is refused, not answered in another.
    expect((await read('/api/about-page?locale=de')).status).toBeGreaterThanOrEqual(400);
    expect((await read('/api/about-page?locale=de')).status).toBeLessThan(500);
  });

  it('writes the translations once: a restart keeps what marketing changed or removed', async () => {
    const { ensureMarketingContent } = await import('../../src/bootstrap/marketing-content');
    await ensureMarketingContent(cms.strapi);
    expect((await read('/api/home-page?locale=fr')).body.data.heroTitle).toBe('Votre maison à Accra');
    const count = await cms.strapi.db.query('api::home-page.home-page').count({ where: { locale: 'fr' } });
    // A draft and a published version, no more.
    expect(count).toBe(2);
  });
});
