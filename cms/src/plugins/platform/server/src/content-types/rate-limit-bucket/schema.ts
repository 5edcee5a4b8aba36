// Fixed-window counters for throttling (sign-in failures per address and per IP, code failures per
// day). In the database, not in process memory, so every cms process sees the same counts.
export default {
  kind: 'collectionType',
  collectionName: 'rate_limit_buckets',
  info: {
    singularName: 'rate-limit-bucket',
    pluralName: 'rate-limit-buckets',
    displayName: 'Rate limit bucket',
  },
  options: { draftAndPublish: false },
  pluginOptions: { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } },
  attributes: {
    key: { type: 'string', required: true, maxLength: 300 },
    count: { type: 'integer', required: true, default: 0 },
    windowEndsAt: { type: 'datetime', required: true },
  },
  indexes: [
    { name: 'rate_limit_buckets_key_uq', columns: ['key'], type: 'unique' },
    { name: 'rate_limit_buckets_window_idx', columns: ['window_ends_at'] },
  ],
} as const;
