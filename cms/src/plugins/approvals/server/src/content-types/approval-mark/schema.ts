// That a governed item has been approved at least once. An admin's edit sends an approved item back
// to the queue (unapproved), so its state alone cannot tell whether deleting it would remove work a
// superadmin approved: this mark can (see the deletions service). Written only by the plugin.
export default {
  kind: 'collectionType',
  collectionName: 'approval_marks',
  info: {
    singularName: 'approval-mark',
    pluralName: 'approval-marks',
    displayName: 'Approved once',
    description: 'A governed item that a superadmin has approved at least once',
  },
  options: { draftAndPublish: false },
  pluginOptions: {
    'content-manager': { visible: false },
    'content-type-builder': { visible: false },
  },
  attributes: {
    itemType: { type: 'string', required: true, maxLength: 100 },
    itemId: { type: 'string', required: true, maxLength: 64 },
  },
  indexes: [{ name: 'approval_marks_item_uq', columns: ['item_type', 'item_id'], type: 'unique' }],
};
