import clock from './clock.service';
import housekeeping from './housekeeping.service';
import mailer from './mailer.service';
import outbox from './outbox.service';
import rateLimit from './rate-limit.service';
import sms from './sms.service';

// Other plugins and APIs reach these through this plugin's getService (get-service.ts): the clock
// (accounts, viewings, enquiries, stats), the mailer's brand, layout and sending (accounts, viewings,
// approvals, staff mail), the outbox (accounts: whether e-mail is delayed; texts), rate-limit (accounts,
// the panel's sign-in limit, the newsletter) and sms (the texts' transport; accounts hears STOP).
export default {
  clock,
  housekeeping,
  mailer,
  outbox,
  'rate-limit': rateLimit,
  sms,
};
