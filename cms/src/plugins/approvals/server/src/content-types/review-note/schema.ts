// The superadmin's note on an item kept unapproved ("Changes requested: …"): one per item, shown to
// staff on the item until it is approved, when it is removed. Written only by the plugin.
export default {
  kind: 'collectionType',
  collectionName: 'review_notes',
  info: {
    singularName: 'review-note',
    pluralName: 'review-notes',
    displayName: 'Changes requested',
    description: 'What a superadmin asked to change on an item kept unapproved',
  },
  options: { draftAndPublish: false },
  pluginOptions: {
    'content-manager': { visible: false },
    'content-type-builder': { visible: false },
  },
  attributes: {
    // The governed item: its content type and documentId.
    itemType: { type: 'string', required: true, maxLength: 100 },
    itemId: { type: 'string', required: true, maxLength: 64 },
    note: { type: 'text', required: true, maxLength: 1000 },
    byEmail: { type: 'string', maxLength: 254 },
  },
  indexes: [{ name: 'review_notes_item_uq', columns: ['item_type', 'item_id'], type: 'unique' }],
};
