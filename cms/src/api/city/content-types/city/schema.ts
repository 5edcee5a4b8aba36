/** A field that is the same in every language. */
const SHARED = { pluginOptions: { i18n: { localized: false } } } as const;

export default {
  kind: 'collectionType',
  collectionName: 'cities',
  info: {
    singularName: 'city',
    pluralName: 'cities',
    displayName: 'City',
    description: 'A city the company lists properties in; its slug is the /properties/{city} path',
  },
  options: { draftAndPublish: false },
  // The city page's words are written per language; the city itself (its name, a proper noun, its
  // address, picture and place on the home page) is one for all, kept in step by Strapi. Properties
  // link to the English version, so the listing's joins see one row per city.
  pluginOptions: { i18n: { localized: true } },
  attributes: {
    name: { ...SHARED, type: 'string', required: true, unique: true, maxLength: 60 },
    slug: { ...SHARED, type: 'uid', targetField: 'name', required: true },
    region: { ...SHARED, type: 'string', maxLength: 60 },
    intro: { type: 'text', maxLength: 1000, pluginOptions: { i18n: { localized: true } } },
    image: { ...SHARED, type: 'media', multiple: false, allowedTypes: ['images'] },
    featured: { ...SHARED, type: 'boolean', default: false },
    sortOrder: { ...SHARED, type: 'integer', default: 0 },
    properties: {
      type: 'relation',
      relation: 'oneToMany',
      target: 'api::property.property',
      mappedBy: 'city',
    },
  },
} as const;
