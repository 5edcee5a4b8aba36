import outboxMessage from './outbox-message/schema';
import rateLimitBucket from './rate-limit-bucket/schema';
import smsReceipt from './sms-receipt/schema';

// UIDs plugin::platform.outbox-message and plugin::platform.rate-limit-bucket (until the platform
// plugin they were the accounts plugin's, plugin::accounts.*). Their tables keep their names
// (collectionName), so a database from before the move keeps its rows; what Strapi stored under the
// old UIDs is removed at start (former-uids.ts).
export default {
  'outbox-message': { schema: outboxMessage },
  'rate-limit-bucket': { schema: rateLimitBucket },
  'sms-receipt': { schema: smsReceipt },
};
