import { APPROVAL_STATUSES, NO_AGENT_INVOLVED } from '@fie/domain';

export default {
  kind: 'collectionType',
  collectionName: 'deals',
  info: {
    singularName: 'deal',
    pluralName: 'deals',
    displayName: 'Deal',
    description: 'Commission record of a closed tenancy or sale',
  },
  options: { draftAndPublish: false },
  pluginOptions: {},
  attributes: {
    closerName: { type: 'string', required: true, maxLength: 120 },
    dealDate: { type: 'date', required: true },
    commission: { type: 'string', required: true, maxLength: 60 },
    nameOfAgentInvolved: { type: 'string', maxLength: 120, default: NO_AGENT_INVOLVED },
    commissionToAgent: { type: 'string', maxLength: 60, default: NO_AGENT_INVOLVED },
    agentContact: { type: 'string', maxLength: 60, default: NO_AGENT_INVOLVED },
    tenantName: { type: 'string', required: true, maxLength: 120 },
    tenantContact: { type: 'string', required: true, maxLength: 60 },
    tenancyStartDate: { type: 'date', required: true },
    tenancyEndDate: { type: 'date', required: true },
    comments: { type: 'text', maxLength: 2000 },
    loggedBy: {
      type: 'relation',
      relation: 'manyToOne',
      target: 'plugin::users-permissions.user',
    },
    approvalStatus: {
      type: 'enumeration',
      enum: [...APPROVAL_STATUSES],
      required: true,
      default: 'unapproved',
    },
    property: {
      type: 'relation',
      relation: 'manyToOne',
      target: 'api::property.property',
      inversedBy: 'deals',
    },
    propertyLabel: { type: 'string', maxLength: 200 },
  },
  indexes: [
    { name: 'deals_approval_date_idx', columns: ['approval_status', 'deal_date'] },
    // The staff list: newest deal date first, 20 a page.
    { name: 'deals_deal_date_idx', columns: ['deal_date'] },
  ],
} as const;
