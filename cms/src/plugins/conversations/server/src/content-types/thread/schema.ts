import { THREAD_KINDS } from '@fie/domain';

// One thread per enquiry or viewing (its subject), made when its first message is written or it is
// first opened. Accounts and the property are kept as plain ids, not relations: the inbox and the
// unread counts are read by SQL on these columns alone, with no link tables to join.
export default {
  kind: 'collectionType',
  collectionName: 'threads',
  info: { singularName: 'thread', pluralName: 'threads', displayName: 'Conversation' },
  options: { draftAndPublish: false },
  pluginOptions: { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } },
  attributes: {
    kind: { type: 'enumeration', enum: [...THREAD_KINDS], required: true },
    // The enquiry's or appointment's documentId.
    subjectId: { type: 'string', required: true, maxLength: 64 },
    // up_users.id of the seeker the subject belongs to.
    seekerId: { type: 'integer', required: true },
    // up_users.id of the staff member looking after it; null while nobody is.
    assigneeId: { type: 'integer' },
    // The listing's label as the subject keeps it ("2-bedroom apartment in Osu"), none for a general enquiry.
    label: { type: 'string', maxLength: 300 },
    // properties.id of the listing it is about, if any.
    propertyId: { type: 'integer' },
    // The number of the newest sent message (messages are numbered 1, 2, … as they are sent).
    lastSeq: { type: 'integer', required: true, default: 0 },
    lastMessageAt: { type: 'datetime' },
    // The numbers of the newest message from each side, and how far each side has read.
    lastSeekerSeq: { type: 'integer', required: true, default: 0 },
    lastStaffSeq: { type: 'integer', required: true, default: 0 },
    seekerReadSeq: { type: 'integer', required: true, default: 0 },
    // Staff share one inbox: a thread a colleague has read is read for the team.
    staffReadSeq: { type: 'integer', required: true, default: 0 },
    // How far each side has been told of the other's messages (by e-mail or text) while unread.
    seekerNotifiedSeq: { type: 'integer', required: true, default: 0 },
    staffNotifiedSeq: { type: 'integer', required: true, default: 0 },
    // The seeker's first message, and staff's first reply after it and who wrote it: reply times.
    firstSeekerAt: { type: 'datetime' },
    firstReplyAt: { type: 'datetime' },
    firstReplyBy: { type: 'integer' },
  },
  indexes: [
    { name: 'threads_subject_uq', columns: ['kind', 'subject_id'], type: 'unique' },
    { name: 'threads_seeker_idx', columns: ['seeker_id', 'last_message_at'] },
    { name: 'threads_activity_idx', columns: ['last_message_at'] },
    { name: 'threads_assignee_idx', columns: ['assignee_id', 'last_message_at'] },
    { name: 'threads_first_reply_idx', columns: ['first_reply_at'] },
  ],
} as const;
