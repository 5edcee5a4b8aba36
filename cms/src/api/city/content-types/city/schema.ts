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
  pluginOptions: {},
  attributes: {
    name: { type: 'string', required: true, unique: true, maxLength: 60 },
    slug: { type: 'uid', targetField: 'name', required: true },
    region: { type: 'string', maxLength: 60 },
    intro: { type: 'text', maxLength: 1000 },
    image: { type: 'media', multiple: false, allowedTypes: ['images'] },
    featured: { type: 'boolean', default: false },
    sortOrder: { type: 'integer', default: 0 },
    properties: {
      type: 'relation',
      relation: 'oneToMany',
      target: 'api::property.property',
      mappedBy: 'city',
    },
  },
} as const;
