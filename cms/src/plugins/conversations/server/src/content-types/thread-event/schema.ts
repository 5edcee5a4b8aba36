import { THREAD_AUTHOR_ROLES, THREAD_KINDS } from '@fie/domain';

// What happened in threads, numbered in the order it was committed: the live stream's events, which a
// reconnecting stream asks for again after the last it had (its Last-Event-ID). One row per message
// sent; kept a week (housekeeping), long past any reconnection.
export default {
  kind: 'collectionType',
  collectionName: 'thread_events',
  info: { singularName: 'thread-event', pluralName: 'thread-events', displayName: 'Conversation event' },
  options: { draftAndPublish: false },
  pluginOptions: { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } },
  attributes: {
    threadId: { type: 'integer', required: true },
    // up_users.id of the thread's seeker: a seeker's stream carries their own threads' events only.
    seekerId: { type: 'integer', required: true },
    kind: { type: 'enumeration', enum: [...THREAD_KINDS], required: true },
    subjectId: { type: 'string', required: true, maxLength: 64 },
    seq: { type: 'integer', required: true },
    authorRole: { type: 'enumeration', enum: [...THREAD_AUTHOR_ROLES], required: true },
  },
  indexes: [{ name: 'thread_events_seeker_idx', columns: ['seeker_id', 'id'] }],
} as const;
