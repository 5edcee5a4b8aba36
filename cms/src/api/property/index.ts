import type { Core } from '@strapi/strapi';
import { registerPropertyPricing } from './catalogue/pricing';
import { registerCitySlugs, syncCitySlugs } from './catalogue/city-slug';
import { registerPriceHistory } from './catalogue/price-history';
import { ensureSearchIndexes } from './catalogue/search-indexes';
import { ensureListingIndexes } from './catalogue/listing-indexes';
import { ensureMapCells } from './catalogue/map-cells';
import {
  ensureCatalogueVersion,
  forgetNewestCatalogueVersion,
  listenForCatalogueWrites,
} from './catalogue/catalogue-version';
import {
  forgetKeptListings,
  listingCache,
  registerListingCacheInvalidation,
} from './catalogue/listing-cache';
import { closeListingStatements, openListingStatements } from './catalogue/listing-statements';
import { registerAvailability } from './catalogue/availability';
import { registerApprovedVersions } from './catalogue/approved-versions';
import { getService } from './get-service';

let stopListening: (() => Promise<void>) | null = null;
let stopPhotoBackfill: (() => Promise<void>) | null = null;

// The property concept's own start-up. Strapi 5 loads an API folder's index as a module and runs its
// register and bootstrap (after the plugins', before the app's own in src/index.ts).
export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    registerPropertyPricing(strapi);
    registerCitySlugs(strapi);
    registerListingCacheInvalidation(strapi);
    registerAvailability(strapi);
    registerApprovedVersions(strapi);
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    // After every register-phase middleware, so it runs nearest the write: when theirs get the write
    // back, its price change is recorded (the price drops on favourites read it).
    registerPriceHistory(strapi);
    // Rows written before the city_slug column existed get theirs.
    await syncCitySlugs(strapi, { onlyMissing: true });
    await ensureSearchIndexes(strapi);
    await ensureListingIndexes(strapi);
    await ensureMapCells(strapi);
    await getService(strapi, 'approved-versions').ensureTable();
    // What this process kept, it kept against another start's versions (perhaps another database's).
    forgetKeptListings();
    forgetNewestCatalogueVersion();
    await ensureCatalogueVersion(strapi);
    // Confirmations for rows from before them, and the hidden flags as the clock has them now.
    await getService(strapi, 'availability').start();
    // Several cms processes on one PostgreSQL: a write through any of them empties every process's
    // listing cache at once, rather than after LISTING_CACHE_MS (counts and answers are checked
    // against the version already).
    stopListening = await listenForCatalogueWrites(strapi, () => listingCache.clear());
    // The listing's statements run on a pool of their own, each under a time ceiling (and the public
    // listing's on a standby's pool with DATABASE_REPLICA_URL, checked against the versions heard above).
    openListingStatements(strapi);
    // Copied photos: the hashes' tables, and images stored before them hashed in the background.
    const photos = getService(strapi, 'photo-hashes');
    await photos.ensureTables();
    photos.startBackfill();
    stopPhotoBackfill = () => photos.stopBackfill();
  },

  async destroy() {
    await stopListening?.();
    stopListening = null;
    await stopPhotoBackfill?.();
    stopPhotoBackfill = null;
    await closeListingStatements();
  },
};
