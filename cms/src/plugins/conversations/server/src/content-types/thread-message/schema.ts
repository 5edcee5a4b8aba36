import { THREAD_AUTHOR_ROLES, THREAD_MESSAGE_MAX, THREAD_MESSAGE_STATUSES } from '@fie/domain';

// One message of a thread, kept with its author (id, role and name as they were when it was written).
export default {
  kind: 'collectionType',
  collectionName: 'thread_messages',
  info: {
    singularName: 'thread-message',
    pluralName: 'thread-messages',
    displayName: 'Conversation message',
  },
  options: { draftAndPublish: false },
  pluginOptions: { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } },
  attributes: {
    threadId: { type: 'integer', required: true },
    // Its number in the thread once sent; null while held for a colleague (or after being declined).
    seq: { type: 'integer' },
    authorId: { type: 'integer' },
    authorRole: { type: 'enumeration', enum: [...THREAD_AUTHOR_ROLES], required: true },
    authorName: { type: 'string', maxLength: 200 },
    text: { type: 'text', required: true, maxLength: THREAD_MESSAGE_MAX },
    status: { type: 'enumeration', enum: [...THREAD_MESSAGE_STATUSES], required: true, default: 'sent' },
    // The scam guard's finding: both sides see the warning beside a flagged message.
    flagged: { type: 'boolean', default: false },
    flagReasons: { type: 'json' },
    // The colleague who sent or declined a held message.
    reviewedById: { type: 'integer' },
    reviewedAt: { type: 'datetime' },
    sentAt: { type: 'datetime' },
  },
  indexes: [
    { name: 'thread_messages_seq_uq', columns: ['thread_id', 'seq'], type: 'unique' },
    { name: 'thread_messages_status_idx', columns: ['status', 'thread_id'] },
  ],
} as const;
