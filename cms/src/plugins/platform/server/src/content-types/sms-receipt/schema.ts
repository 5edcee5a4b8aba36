// Delivery receipts that named no text the outbox knows: a process handed the text to the SMSC and
// died before it wrote the SMSC's id down. The outbox settles such a text by the receipt for its number
// (outbox.service.ts), so it is not sent twice. Kept two days.
export default {
  kind: 'collectionType',
  collectionName: 'sms_receipts',
  info: { singularName: 'sms-receipt', pluralName: 'sms-receipts', displayName: 'SMS receipt' },
  options: { draftAndPublish: false },
  pluginOptions: { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } },
  attributes: {
    providerMessageId: { type: 'string', required: true, maxLength: 100 },
    // The number the text went to, in E.164 (the receipt's source address).
    toAddress: { type: 'string', required: true, maxLength: 20 },
    status: { type: 'string', required: true, maxLength: 20 },
    stat: { type: 'string', maxLength: 20 },
    receivedAt: { type: 'datetime', required: true },
  },
  indexes: [{ name: 'sms_receipts_to_idx', columns: ['to_address', 'received_at'] }],
} as const;
