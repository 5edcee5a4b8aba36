import accountMail from './account-mail.service';
import accountTexts from './account-texts.service';
import google from './google.service';
import housekeeping from './housekeeping.service';
import lockouts from './lockouts.service';
import otp from './otp.service';
import roles from './roles.service';
import sessions from './sessions.service';
import staffMail from './staff-mail.service';
import superadmin from './superadmin.service';

// Other concepts reach these through this plugin's getService (get-service.ts): sessions
// (currentAccount for routes open to everyone), roles (the demo seed) and staff-mail (staff notices
// and alerts, honouring each staff account's settings). The clock, the mailer, the outbox and the
// rate limiter are the platform plugin's.
export default {
  'account-mail': accountMail,
  'account-texts': accountTexts,
  google,
  housekeeping,
  lockouts,
  otp,
  roles,
  sessions,
  'staff-mail': staffMail,
  superadmin,
};
