// A visitor pressed WhatsApp or Call on a property page: the property's document id and the channel,
// nothing about the visitor. A plain column rather than a relation, like favourites and reports: a
// deleted listing keeps its counts.
export default {
  kind: 'collectionType',
  collectionName: 'leads',
  info: {
    singularName: 'lead',
    pluralName: 'leads',
    displayName: 'Lead',
    description:
      "A visitor pressed WhatsApp or Call on a property page: the property's document id and the channel, nothing about the visitor",
  },
  options: { draftAndPublish: false },
  pluginOptions: {
    'content-manager': { visible: false },
    'content-type-builder': { visible: false },
  },
  attributes: {
    propertyDocumentId: { type: 'string', required: true, maxLength: 64 },
    channel: { type: 'enumeration', enum: ['whatsapp', 'call'], required: true },
  },
  // The dashboard's summaries read a period's leads by when they came, per listing and channel: this
  // index answers them without reading the table.
  indexes: [
    {
      name: 'leads_created_property_channel_idx',
      columns: ['created_at', 'property_document_id', 'channel'],
    },
  ],
} as const;
