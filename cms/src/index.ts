import type { Core } from '@strapi/strapi';
import { registerAppointmentSlotKeys } from './appointments/slot-key';
import { registerMiddlewaresMadeOnce } from './http/middlewares-made-once';
import { ensureRoles } from './bootstrap/roles';
import { ensurePublicPermissions } from './bootstrap/permissions';
import { ensureCities } from './bootstrap/cities';
import { ensureMarketingContent } from './bootstrap/marketing-content';
import { ensureSuperadmin } from './bootstrap/superadmin';
import { ensureMarketingPanelRole } from './bootstrap/panel-roles';
import { ensurePanelEditViews } from './bootstrap/panel-edit-views';
import { limitPanelLoginsPerAddress } from './bootstrap/panel-login-limit';
import { ensureGoogleProvider } from './bootstrap/google';
import { seedDemoData } from './demo/seed';

// App-level wiring only. Each concept starts itself: plugins (src/plugins/*) and API folders
// (src/api/<name>/index.ts) have their own register/bootstrap, which Strapi runs before these.
export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    registerMiddlewaresMadeOnce(strapi);
    limitPanelLoginsPerAddress(strapi);
    registerAppointmentSlotKeys(strapi);
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await ensureRoles(strapi);
    await ensurePublicPermissions(strapi);
    await ensureCities(strapi);
    await ensureMarketingContent(strapi);
    await ensureMarketingPanelRole(strapi);
    await ensurePanelEditViews(strapi);
    await ensureSuperadmin(strapi);
    await ensureGoogleProvider(strapi);
    strapi.cron.add({
      purgeExpiredAccountRecords: {
        task: async ({ strapi: s }: { strapi: Core.Strapi }) => {
          await s.service('api::account.housekeeping').purgeExpired();
        },
        options: { rule: '17 3 * * *', tz: 'Africa/Accra' },
      },
    });
    if (process.env.DEMO_DATA === 'true') {
      await seedDemoData(strapi);
    }
  },
};
