import clock from './clock';
import google from './google';
import housekeeping from './housekeeping';
import lockouts from './lockouts';
import mailer from './mailer';
import otp from './otp';
import outbox from './outbox';
import rateLimit from './rate-limit';
import roles from './roles';
import sessions from './sessions';
import staffMail from './staff-mail';
import superadmin from './superadmin';

// Other concepts reach these through this plugin's getService (get-service.ts): the clock (viewings,
// enquiries, stats), the mailer's branded layout (viewings), rate-limit (newsletter), sessions
// (currentAccount for routes open to everyone), roles (the demo seed) and staff-mail (staff notices
// and alerts, honouring each staff account's settings).
export default {
  clock,
  google,
  housekeeping,
  lockouts,
  mailer,
  otp,
  outbox,
  'rate-limit': rateLimit,
  roles,
  sessions,
  'staff-mail': staffMail,
  superadmin,
};
