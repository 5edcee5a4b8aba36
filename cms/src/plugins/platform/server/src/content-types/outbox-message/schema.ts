// E-mails and texts waiting to be sent, and those sent in the last days (services/outbox.service.ts).
// A message is written here in the same transaction as the change it tells of, so a crash cannot keep
// the change and lose its e-mail; a worker in every cms process sends it.
export default {
  kind: 'collectionType',
  collectionName: 'outbox_messages',
  info: { singularName: 'outbox-message', pluralName: 'outbox-messages', displayName: 'Outbox message' },
  options: { draftAndPublish: false },
  pluginOptions: { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } },
  attributes: {
    // The Message-ID header, the same on every attempt: a message sent twice is one message.
    messageId: { type: 'string', required: true, maxLength: 255 },
    toAddress: { type: 'string', required: true, maxLength: 255 },
    subject: { type: 'text', required: true },
    html: { type: 'text', required: true },
    text: { type: 'text', required: true },
    // [{ filename, content, contentType }] (calendar invites).
    attachments: { type: 'json' },
    // Extra headers, e.g. an alert's List-Unsubscribe and List-Unsubscribe-Post.
    headers: { type: 'json' },
    attempts: { type: 'integer', required: true, default: 0 },
    nextAttemptAt: { type: 'datetime', required: true },
    // SQLite only: a process's claim on the message while it sends it (PostgreSQL holds a row lock).
    claimedUntil: { type: 'datetime' },
    // A text's mark, committed before it goes to the SMSC and cleared with the outcome: a text still
    // marked long after was handed over by a process that died, and is settled by its receipt.
    submittingAt: { type: 'datetime' },
    sentAt: { type: 'datetime' },
    // Given up (too old, or its code expired before it could be sent); lastError says why.
    failedAt: { type: 'datetime' },
    // Not worth sending after this moment (a code e-mail, once the code has expired).
    discardAfter: { type: 'datetime' },
    lastError: { type: 'text' },
    // 'sms' for a text (to a number in E.164, its words in `text`); e-mail otherwise (null).
    channel: { type: 'string', maxLength: 10 },
    // What a text is for (code, viewing, alert, stop): the staff's daily counts and the budget read it.
    kind: { type: 'string', maxLength: 20 },
    // The SMSC's id for a sent text, which its delivery receipt names.
    providerMessageId: { type: 'string', maxLength: 100 },
    // A text's delivery receipt: 'delivered' or 'failed', when it came, and the SMSC's word for it.
    deliveryStatus: { type: 'string', maxLength: 20 },
    deliveredAt: { type: 'datetime' },
    deliveryStat: { type: 'string', maxLength: 20 },
  },
  indexes: [
    { name: 'outbox_messages_message_id_uq', columns: ['message_id'], type: 'unique' },
    { name: 'outbox_messages_provider_id_idx', columns: ['provider_message_id'] },
    { name: 'outbox_messages_channel_created_idx', columns: ['channel', 'created_at'] },
    // A number's texts (staff see whether a seeker's last code text failed).
    { name: 'outbox_messages_to_idx', columns: ['to_address', 'created_at'] },
    // Texts in doubt (marked, never settled): found without reading the sent ones.
    { name: 'outbox_messages_submitting_idx', columns: ['submitting_at'] },
  ],
} as const;
