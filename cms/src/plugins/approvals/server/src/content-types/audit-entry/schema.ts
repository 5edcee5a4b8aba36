import { AUDIT_ACTIONS, AUDIT_RESOURCES } from '@fie/domain';

// One staff action. Written only by the plugin's audit service; no content-API route creates, edits
// or deletes entries, and the panel does not show the type (so nobody edits history there either).
export default {
  kind: 'collectionType',
  collectionName: 'audit_entries',
  info: {
    singularName: 'audit-entry',
    pluralName: 'audit-entries',
    displayName: 'Staff activity',
    description: 'What staff did: who, what, to which record, when',
  },
  options: { draftAndPublish: false },
  pluginOptions: {
    'content-manager': { visible: false },
    'content-type-builder': { visible: false },
  },
  attributes: {
    // A copy of who did it, so the entry stays readable after the account changes or is removed.
    actorId: { type: 'string', maxLength: 64 },
    actorEmail: { type: 'string', required: true, maxLength: 254 },
    actorRole: { type: 'string', required: true, maxLength: 32 },
    action: { type: 'enumeration', enum: [...AUDIT_ACTIONS], required: true },
    resourceType: { type: 'enumeration', enum: [...AUDIT_RESOURCES], required: true },
    resourceId: { type: 'string', maxLength: 64 },
    // A copy of what it was (a location, a tenant, an e-mail), readable after the record is deleted.
    resourceLabel: { type: 'string', maxLength: 300 },
    detail: { type: 'string', maxLength: 300 },
  },
};
