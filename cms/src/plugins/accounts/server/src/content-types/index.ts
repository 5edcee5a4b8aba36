import otpCode from './otp-code/schema';
import outboxMessage from './outbox-message/schema';
import rateLimitBucket from './rate-limit-bucket/schema';

// UIDs plugin::accounts.otp-code and plugin::accounts.rate-limit-bucket. Their tables keep the names
// they had as api::account types (collectionName), so a database from before the move keeps its rows.
export default {
  'otp-code': { schema: otpCode },
  // New with the outbox: plugin::accounts.outbox-message.
  'outbox-message': { schema: outboxMessage },
  'rate-limit-bucket': { schema: rateLimitBucket },
};
