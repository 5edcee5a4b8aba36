import type { Core } from '@strapi/strapi';
import { registerPropertyPricing } from './properties/pricing';
import { registerEnquiryPhoneText } from './enquiries/phone-text';
import { registerCitySlugs, syncCitySlugs } from './properties/city-slug';
import { ensureSearchIndexes } from './properties/search-indexes';
import { ensureCatalogueVersion } from './properties/catalogue-version';
import { forgetKeptListings, registerListingCacheInvalidation } from './properties/listing-cache';
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

export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    registerMiddlewaresMadeOnce(strapi);
    limitPanelLoginsPerAddress(strapi);
    registerPropertyPricing(strapi);
    registerEnquiryPhoneText(strapi);
    registerCitySlugs(strapi);
    registerListingCacheInvalidation(strapi);
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await ensureRoles(strapi);
    await ensurePublicPermissions(strapi);
    await ensureCities(strapi);
    await syncCitySlugs(strapi, { onlyMissing: true });
    await ensureSearchIndexes(strapi);
    // What this process kept, it kept against another start's versions (perhaps another database's).
    forgetKeptListings();
    await ensureCatalogueVersion(strapi);
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
