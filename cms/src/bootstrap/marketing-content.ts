import type { Core, Modules } from '@strapi/strapi';
import {
  ABOUT_PAGE_TEXTS,
  HOME_PAGE_TEXTS,
  LEGAL_PAGE_TEXTS,
  SITE_SETTINGS_TEXTS,
} from './marketing-content-translations';
type SingleType =
  | 'api::site-setting.site-setting'
  | 'api::home-page.home-page'
  | 'api::about-page.about-page';
type Input<T extends SingleType> = Modules.Documents.Params.Data.Input<T>;

// First-run copy for the marketing types, with the company's facts (office hours,
// FAQ statements, terms statements, the three how-it-works steps). Marketing staff edit all of it
// in the admin panel; nothing here is written again once a document exists.

export const SITE_SETTINGS = {
  brandName: 'Fie Homes',
  tagline: 'Homes, land and offices across Ghana, with honest prices and viewings that work.',
  customerCarePhone: '+233 30 290 1234',
  whatsAppNumber: '+233 24 400 1234',
  supportEmail: 'care@fiehomes.com.gh',
  officeAddress: 'Fie Homes, 14 Ring Road East, Osu, Accra (GA-079-0414)',
  officeHours: [
    { days: 'Mon-Fri', hours: '9:00 AM-6:00 PM' },
    { days: 'Sat', hours: '10:00 AM-4:00 PM' },
    { days: 'Sun', hours: 'Closed' },
  ],
  socialLinks: [
    { platform: 'Facebook', url: 'https://facebook.com/fiehomes' },
    { platform: 'Twitter', url: 'https://twitter.com/fiehomes' },
    { platform: 'Instagram', url: 'https://instagram.com/fiehomes' },
    { platform: 'LinkedIn', url: 'https://linkedin.com/company/fiehomes' },
  ],
  mapLatitude: 5.5571,
  mapLongitude: -0.1818,
  usdToGhsRate: 12,
  footerAbout: 'Fie is Twi for home. We help people in Ghana rent, buy and sell homes, land and offices.',
  defaultSeoDescription:
    'Browse homes, land and offices for rent or sale across Ghana, with prices in GH₵ and viewings you can book online.',
} satisfies Input<'api::site-setting.site-setting'>;

export const HOME_PAGE = {
  heroTitle: 'Find your next home in Ghana',
  heroSubtitle:
    'Apartments, houses, land and offices in Accra, Kumasi, Takoradi, Tamale and beyond, with honest prices in GH₵.',
  popularSearches: [
    { label: 'House', url: '/properties?search=House' },
    { label: 'Apartments', url: '/properties?search=Apartment' },
    { label: 'Office', url: '/properties?propertyType=Commercial' },
    { label: 'Villa', url: '/properties?search=Villa' },
  ],
  citiesTitle: 'Explore by city',
  citiesSubtitle: 'Properties in the cities we serve',
  featuredTitle: 'Featured properties',
  featuredSubtitle: 'Hand-picked homes, land and offices, newly listed',
  whyChooseUsTitle: 'Why choose Fie Homes',
  whyChooseUs: [
    {
      title: 'Verified listings',
      description: 'Every property is checked by our team and approved before it is shown.',
      icon: 'shield',
    },
    {
      title: 'Honest prices',
      description: 'Prices are shown in GH₵, with the dollar price beside it when the owner quotes in USD.',
      icon: 'tag',
    },
    {
      title: 'Viewings that work',
      description: 'Pick a free slot on a weekday and get a confirmation with a calendar invite.',
      icon: 'calendar',
    },
    {
      title: 'Local experts',
      description: 'Our agents know the neighbourhoods, the landlords and the paperwork.',
      icon: 'users',
    },
  ],
  testimonialsTitle: 'What our clients say',
  howItWorksTitle: 'How it works',
  howItWorks: [
    {
      title: 'Browse',
      description: 'Search by city, type, price and rooms, and shortlist the properties you like.',
    },
    {
      title: 'Book a viewing',
      description: 'Choose a weekday slot at least 24 hours ahead; we confirm it by e-mail.',
    },
    {
      title: 'Pay a registration fee',
      description:
        'Some properties need a non-refundable registration fee to secure them; we tell you before you pay.',
    },
  ],
  statistics: [
    { label: 'Properties listed', metric: 'propertiesListed' },
    { label: 'Cities covered', metric: 'citiesCovered' },
    { label: 'Viewings booked', metric: 'viewingsBooked' },
    { label: 'Deals closed', metric: 'dealsClosed' },
  ],
  partnersTitle: 'Our partners',
  faqTitle: 'Frequently asked questions',
  faqs: [
    {
      question: 'How long does it take to rent a property?',
      answer:
        'Renting usually takes 3-7 business days from viewing to signing, once your documents are ready.',
    },
    {
      question: 'How quickly is maintenance handled?',
      answer: 'Our maintenance team responds within 24 hours of a request.',
    },
    {
      question: 'What documents do I need to rent?',
      answer: 'A valid ID, your last 3 months of pay slips, an employment letter and your bank statements.',
    },
    { question: 'How can I pay?', answer: 'By bank transfer, mobile money or certified check.' },
    {
      question: 'Can I cancel a viewing?',
      answer:
        'Yes. Viewings are booked and cancelled at least 24 hours ahead. Repeated no-shows may restrict booking.',
    },
  ],
} satisfies Input<'api::home-page.home-page'>;

export const ABOUT_PAGE = {
  title: 'About Fie Homes',
  intro:
    'Fie is Twi for home. We are a Ghanaian property company helping people rent, buy and sell with confidence.',
  companyInformation:
    'Fie Homes lists homes, land and offices across eight Ghanaian cities. Our team checks every listing before it is published, shows prices in GH₵, and books viewings at times that suit you.\n\nWe work with landlords, developers and land owners, and with the banks and surveyors our clients need along the way.',
  mission: 'To make finding a home in Ghana simple, honest and fast, on any phone.',
  vision: 'To be the most trusted property service in West Africa.',
  services: [
    {
      title: 'Rentals',
      description: 'Apartments, houses and townhouses for rent, checked and ready to view.',
      icon: 'key',
    },
    {
      title: 'Sales',
      description: 'Homes and villas for sale, with clear prices and documents.',
      icon: 'home',
    },
    { title: 'Land', description: 'Plots with verified documents and site visits.', icon: 'map' },
    { title: 'Commercial', description: 'Offices and shops for businesses of every size.', icon: 'chart' },
  ],
  team: [
    { name: 'Akosua Mensah', role: 'Managing Director', bio: 'Fifteen years in Ghanaian real estate.' },
    {
      name: 'Kwame Asante',
      role: 'Head of Lettings',
      bio: 'Knows every street in East Legon and Cantonments.',
    },
    { name: 'Abena Owusu', role: 'Client Care Lead', bio: 'Makes sure every viewing happens on time.' },
  ],
  values: [
    { title: 'Honesty', description: 'Real photos, real prices, no hidden fees.', icon: 'handshake' },
    {
      title: 'Your time matters',
      description: 'Viewings start on time; we call if anything changes.',
      icon: 'calendar',
    },
    { title: 'Local knowledge', description: 'We live in the neighbourhoods we list.', icon: 'map' },
  ],
  statistics: [
    { label: 'Properties listed', metric: 'propertiesListed' },
    { label: 'Cities covered', metric: 'citiesCovered' },
  ],
} satisfies Input<'api::about-page.about-page'>;

export const LEGAL_PAGES = [
  {
    slug: 'terms',
    title: 'Terms of Service',
    summary: 'The rules for using Fie Homes and booking viewings.',
    body: [
      '## Who may use Fie Homes',
      'You must be 18 or older to create an account, book a viewing or send an enquiry.',
      '## Viewings',
      '- Viewings are booked at least 24 hours ahead, on weekdays, in 30-minute slots from 9:00 to 17:00.',
      '- A viewing can be cancelled up to 24 hours before it starts.',
      // The site writes the rule with the numbers of the system settings in place of {{noShowRule}}.
      '- Repeated no-shows restrict booking: {{noShowRule}}.',
      '## Fees',
      '- Fees or commissions may apply to a rental or sale; we tell you before you commit.',
      '- Some properties may need a non-refundable registration fee.',
      '## Listings',
      'We check listings before they are published, but you should inspect a property and its documents before paying.',
      '## Governing law',
      'These terms are governed by the laws of the Republic of Ghana.',
    ].join('\n\n'),
  },
  {
    slug: 'privacy',
    title: 'Privacy Policy',
    summary: 'What we collect, why, and your rights.',
    body: [
      '## What we collect',
      'Your e-mail address, name, phone number and location when you give them to us; your viewings and enquiries; and basic technical logs.',
      '## Why',
      'To run your account, arrange viewings, answer enquiries and keep the service secure. We do not sell your data.',
      '## Who sees it',
      'Our staff, and the landlord or agent of a property you ask about, only as needed to arrange a viewing.',
      '## Your rights',
      'Under the Data Protection Act, 2012 (Act 843) you may ask to see, correct or delete your data. Write to our support e-mail.',
      '## Age',
      'Fie Homes is for people aged 18 or older.',
    ].join('\n\n'),
  },
];

/** The languages besides English (the default locale) that marketing writes the site's copy in. */
const TRANSLATED = ['fr', 'es'] as const;
const LOCALE_NAMES = { fr: 'French (fr)', es: 'Spanish (es)' } as const;

/** The panel's locales: English (Strapi's default) and French and Spanish beside it. */
export async function ensureLocales(strapi: Core.Strapi): Promise<void> {
  const locales = strapi.plugin('i18n').service('locales');
  for (const code of TRANSLATED)
    if (!(await locales.findByCode(code))) await locales.create({ code, name: LOCALE_NAMES[code] });
}

/**
 * A published `locale` version of the document `documentId` with `data`, unless that version exists
 * (marketing may have written or deleted it since). The document service copies the fields that are
 * not localized (contacts, images, links) from the English version.
 */
async function ensureTranslation<T extends SingleType | 'api::legal-page.legal-page'>(
  strapi: Core.Strapi,
  uid: T,
  documentId: string,
  locale: (typeof TRANSLATED)[number],
  data: Partial<Modules.Documents.Params.Data.Input<T>>,
) {
  const existing = await strapi.db.query(uid).findOne({ where: { documentId, locale }, select: ['id'] });
  if (existing) return;
  await strapi.documents(uid).update({ documentId, locale, data, status: 'published' } as never);
}

async function ensureSingle<T extends SingleType>(
  strapi: Core.Strapi,
  uid: T,
  data: Input<T>,
  translations: Record<(typeof TRANSLATED)[number], Partial<Input<T>>>,
) {
  let english = await strapi.documents(uid).findFirst({ status: 'draft', locale: 'en' });
  if (!english) {
    english = await strapi.documents(uid).create({ data, locale: 'en', status: 'published' });
    strapi.log.info(`[fie] wrote first ${uid} content`);
  }
  for (const locale of TRANSLATED)
    await ensureTranslation(strapi, uid, english.documentId, locale, translations[locale]);
}

export async function ensureMarketingContent(strapi: Core.Strapi): Promise<void> {
  await ensureLocales(strapi);
  await ensureSingle(strapi, 'api::site-setting.site-setting', SITE_SETTINGS, SITE_SETTINGS_TEXTS);
  await ensureSingle(strapi, 'api::home-page.home-page', HOME_PAGE, HOME_PAGE_TEXTS);
  await ensureSingle(strapi, 'api::about-page.about-page', ABOUT_PAGE, ABOUT_PAGE_TEXTS);
  for (const page of LEGAL_PAGES) {
    let existing = await strapi.db
      .query('api::legal-page.legal-page')
      .findOne({ where: { slug: page.slug, locale: 'en' }, select: ['documentId'] });
    if (!existing) {
      existing = await strapi.documents('api::legal-page.legal-page').create({
        data: { ...page, lastUpdated: '2026-11-01' },
        locale: 'en',
        status: 'published',
      });
    }
    for (const locale of TRANSLATED)
      await ensureTranslation(strapi, 'api::legal-page.legal-page', existing.documentId, locale, {
        slug: page.slug,
        ...LEGAL_PAGE_TEXTS[locale][page.slug as 'terms' | 'privacy'],
      });
  }
}
