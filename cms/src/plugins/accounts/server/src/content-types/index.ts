import otpCode from './otp-code/schema';

// UID plugin::accounts.otp-code. Its table keeps the name it had as an api::account type
// (collectionName), so a database from before the move keeps its rows. The outbox and the throttle
// counters, once this plugin's too, are the platform plugin's (plugin::platform.*).
export default {
  'otp-code': { schema: otpCode },
};
