// The marketing content the site reads from the cms (Strapi's REST shape: `{ data: ... }`), and the
// public figures and city counts. Copy is edited by marketing staff, so optional text stays optional.
import { z } from 'zod';
import { emailSchema } from '../email.js';

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '');

export const mediaFormatSchema = z.object({
  url: z.string(),
  width: z.number().nullish(),
  height: z.number().nullish(),
});
/** An uploaded image as Strapi returns it, with its responsive formats. */
export const uploadedImageSchema = z.object({
  url: z.string(),
  alternativeText: z.string().nullish(),
  width: z.number().nullish(),
  height: z.number().nullish(),
  formats: z.record(z.string(), mediaFormatSchema).nullish(),
});
export type UploadedImage = z.output<typeof uploadedImageSchema>;

const linkSchema = z.object({ label: z.string(), url: z.string() });
const featureSchema = z.object({ title: z.string(), description: text, icon: z.string().nullish() });
const statisticSchema = z.object({
  label: z.string(),
  metric: z.enum(['propertiesListed', 'citiesCovered', 'viewingsBooked', 'dealsClosed', 'custom']),
  customValue: z.string().nullish(),
});
export type Statistic = z.output<typeof statisticSchema>;

export const siteSettingsSchema = z.object({
  brandName: z
    .string()
    .nullish()
    .transform((v) => v || 'Fie Homes'),
  tagline: text,
  logo: uploadedImageSchema.nullish(),
  customerCarePhone: text,
  whatsAppNumber: text,
  supportEmail: text,
  officeAddress: text,
  officeHours: z
    .array(z.object({ days: z.string(), hours: z.string() }))
    .nullish()
    .transform((v) => v ?? []),
  socialLinks: z
    .array(z.object({ platform: z.string(), url: z.string() }))
    .nullish()
    .transform((v) => v ?? []),
  mapLatitude: z.number().nullish(),
  mapLongitude: z.number().nullish(),
  usdToGhsRate: z.number().nullish(),
  footerAbout: text,
  defaultSeoDescription: text,
});
export type SiteSettings = z.output<typeof siteSettingsSchema>;

export const homePageSchema = z.object({
  heroTitle: z
    .string()
    .nullish()
    .transform((v) => v || 'Find your next home in Ghana'),
  heroSubtitle: text,
  heroImage: uploadedImageSchema.nullish(),
  popularSearches: z
    .array(linkSchema)
    .nullish()
    .transform((v) => v ?? []),
  citiesTitle: text,
  citiesSubtitle: text,
  featuredTitle: text,
  featuredSubtitle: text,
  whyChooseUsTitle: text,
  whyChooseUs: z
    .array(featureSchema)
    .nullish()
    .transform((v) => v ?? []),
  testimonialsTitle: text,
  howItWorksTitle: text,
  howItWorks: z
    .array(featureSchema)
    .nullish()
    .transform((v) => v ?? []),
  statistics: z
    .array(statisticSchema)
    .nullish()
    .transform((v) => v ?? []),
  partnersTitle: text,
  faqTitle: text,
  faqs: z
    .array(z.object({ question: z.string(), answer: z.string() }))
    .nullish()
    .transform((v) => v ?? []),
});
export type HomePage = z.output<typeof homePageSchema>;

export const aboutPageSchema = z.object({
  title: z
    .string()
    .nullish()
    .transform((v) => v || 'About us'),
  intro: text,
  companyInformation: text,
  mission: text,
  vision: text,
  services: z
    .array(featureSchema)
    .nullish()
    .transform((v) => v ?? []),
  team: z
    .array(z.object({ name: z.string(), role: text, bio: text, photo: uploadedImageSchema.nullish() }))
    .nullish()
    .transform((v) => v ?? []),
  values: z
    .array(featureSchema)
    .nullish()
    .transform((v) => v ?? []),
  statistics: z
    .array(statisticSchema)
    .nullish()
    .transform((v) => v ?? []),
});
export type AboutPage = z.output<typeof aboutPageSchema>;

export const testimonialSchema = z.object({
  name: z.string(),
  role: text,
  quote: z.string(),
  rating: z.number().int().min(1).max(5).nullish(),
  photo: uploadedImageSchema.nullish(),
});
export type Testimonial = z.output<typeof testimonialSchema>;

export const partnerSchema = z.object({
  name: z.string(),
  website: z.string().nullish(),
  logo: uploadedImageSchema.nullish(),
});
export type Partner = z.output<typeof partnerSchema>;

export const legalPageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: text,
  body: text,
  lastUpdated: z.string().nullish(),
});
export type LegalPage = z.output<typeof legalPageSchema>;

export const cityCountSchema = z.object({
  name: z.string(),
  slug: z.string(),
  region: z.string(),
  featured: z.boolean(),
  count: z.number().int().min(0),
});
export type CityCount = z.output<typeof cityCountSchema>;

// GET /cities?filters[slug]…&locale=…: a city page's words, which marketing writes per language.
export const cityPageSchema = z.object({
  slug: z.string(),
  intro: z
    .string()
    .nullish()
    .transform((v) => v?.trim() || null),
});
export type CityPage = z.output<typeof cityPageSchema>;
export const cityCountListSchema = z.array(cityCountSchema);

export const siteFiguresSchema = z.object({
  propertiesListed: z.number().int().min(0),
  citiesCovered: z.number().int().min(0),
  viewingsBooked: z.number().int().min(0),
  dealsClosed: z.number().int().min(0),
});
export type SiteFigures = z.output<typeof siteFiguresSchema>;

/** Strapi's REST envelope around single types and collections. */
export function strapiSingle<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema.nullable() });
}
export function strapiCollection<T extends z.ZodType>(schema: T) {
  return z.object({ data: z.array(schema) });
}

// POST /newsletter: the footer's subscribe box.
export const newsletterSignupSchema = z.object({
  email: emailSchema,
  /** The page the visitor subscribed from (for marketing's records). */
  source: z.string().trim().max(200).optional(),
});
export type NewsletterSignup = z.output<typeof newsletterSignupSchema>;
