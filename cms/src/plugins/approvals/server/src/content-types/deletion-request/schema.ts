// An admin's request to delete an approved item: the item stays (public, unchanged) and waits in its
// approval queue until a superadmin approves the deletion (the item is deleted) or rejects it (kept
// as it was). One per item. Written only by the plugin.
export default {
  kind: 'collectionType',
  collectionName: 'deletion_requests',
  info: {
    singularName: 'deletion-request',
    pluralName: 'deletion-requests',
    displayName: 'Deletion requested',
    description: "An admin's request to delete an approved item, waiting for a superadmin",
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
    byEmail: { type: 'string', maxLength: 254 },
  },
  indexes: [{ name: 'deletion_requests_item_uq', columns: ['item_type', 'item_id'], type: 'unique' }],
};
