import type { Core } from '@strapi/strapi';
import { registerMiddlewaresMadeOnce } from './http/middlewares-made-once';
import { registerCorsOnlyWithOrigin } from './http/cors-only-with-origin';
import { ensurePublicPermissions } from './bootstrap/permissions';
import { ensureCities } from './bootstrap/cities';
import { ensureMarketingContent } from './bootstrap/marketing-content';
import { ensureMarketingPanelRole } from './bootstrap/panel-roles';
import { ensurePanelEditViews } from './bootstrap/panel-edit-views';
import { closePanelRegistration, ensureFirstPanelAdmin } from './bootstrap/panel-admin';
import { guardListingSearches } from './http/listing-search-guard';
import { seedDemoData } from './demo/seed';
import { forgetKeptCounts, staffListsVersion } from './shared/staff-page';

// App-level wiring only. Each concept starts itself: plugins (src/plugins/*) and API folders
// (src/api/<name>/index.ts) have their own register/bootstrap, which Strapi runs before these.
export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    registerMiddlewaresMadeOnce(strapi);
    registerCorsOnlyWithOrigin(strapi);
    closePanelRegistration(strapi);
    guardListingSearches(strapi);
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await ensurePublicPermissions(strapi);
    await ensureCities(strapi);
    await ensureMarketingContent(strapi);
    await ensureMarketingPanelRole(strapi);
    await ensurePanelEditViews(strapi);
    // The staff lists' kept search counts (shared/staff-page.ts): what this process kept, it kept
    // against another start's versions (perhaps another database's).
    forgetKeptCounts();
    await staffListsVersion.ensure(strapi);
    if (process.env.DEMO_DATA === 'true') {
      await seedDemoData(strapi);
    }
    // After the demo seed, which brings panel accounts of its own.
    await ensureFirstPanelAdmin(strapi);
  },
};
