import type { Core } from '@strapi/strapi';
import { purgeToken, siteCachePurgeUrl } from './purge-address';

// The site caches whole pages for everyone; a change to what those pages show empties that cache at
// once (every site process, through Redis). Only content the public sees may do it: a purge costs
// every visitor a fresh render, so a record a seeker or a visitor can write (a favourite, a saved
// search and its toggles, a report, a lead, a viewing) must never set one off. Strapi's webhooks
// cannot be limited to some content types, so the plugin listens to the event hub itself.

/**
 * The content types whose changes the public pages show: the listing (and its cities), marketing's
 * copy and settings, the superadmin's system settings (maintenance notice, fresh-listing days) and
 * deals (the "deals closed" figure). Every one of them is written by staff or panel users only.
 */
export const PUBLIC_CONTENT_TYPES: ReadonlySet<string> = new Set([
  'api::property.property',
  'api::city.city',
  'api::deal.deal',
  'api::home-page.home-page',
  'api::about-page.about-page',
  'api::legal-page.legal-page',
  'api::site-setting.site-setting',
  'api::testimonial.testimonial',
  'api::partner.partner',
  'api::system-setting.system-setting',
]);

/**
 * The content types that never purge: seekers' and visitors' own records, the staff workflow's
 * bookkeeping, and the platform's. Every content type of ours is in one list or the other (a test
 * checks), so a new one is a decision, not an accident.
 */
export const PRIVATE_CONTENT_TYPES: ReadonlySet<string> = new Set([
  'api::favourite.favourite',
  'api::saved-search.saved-search',
  'api::report.report',
  'api::lead.lead',
  'api::subscriber.subscriber',
  'api::enquiry.enquiry',
  'api::property.price-change',
  'plugin::viewings.appointment',
  'plugin::users-permissions.user',
  'plugin::accounts.otp-code',
  'plugin::approvals.audit-entry',
  'plugin::approvals.review-note',
  'plugin::approvals.approval-mark',
  'plugin::approvals.deletion-request',
  'plugin::platform.outbox-message',
  'plugin::platform.rate-limit-bucket',
  'plugin::platform.sms-receipt',
]);

const ENTRY_EVENTS = new Set([
  'entry.create',
  'entry.update',
  'entry.delete',
  'entry.publish',
  'entry.unpublish',
]);
// A new file changes no page until an entry names it (that entry's change purges); a changed or
// removed one may be on a page already. Uploading is for staff and panel users only.
const MEDIA_EVENTS = new Set(['media.update', 'media.delete']);

// The site answers a purge at once; a site that takes longer than this is not answering.
const SITE_TIMEOUT_MS = 10_000;
// A site that does not answer is logged once in this time, not once per change.
const LOG_EVERY_MS = 60_000;

/** Whether an event of the event hub changes what public pages show. */
export function purgesFor(event: string, info: unknown): boolean {
  if (MEDIA_EVENTS.has(event)) return true;
  if (!ENTRY_EVENTS.has(event)) return false;
  const uid = (info as { uid?: unknown } | undefined)?.uid;
  return typeof uid === 'string' && PUBLIC_CONTENT_TYPES.has(uid);
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  let inFlight: Promise<void> | null = null;
  let again: { event: string; uid: string | undefined } | null = null;
  let loggedAt = -Infinity;
  let sent = 0;

  async function send(event: string, uid: string | undefined): Promise<void> {
    const token = purgeToken();
    if (!token) return;
    const url = siteCachePurgeUrl();
    try {
      // strapi.fetch, as Strapi's webhooks use: it goes through the proxy configured for the server.
      const answer = await strapi.fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ event, uid }),
        redirect: 'error',
        signal: AbortSignal.timeout(SITE_TIMEOUT_MS),
      });
      await answer.body?.cancel();
      sent += 1;
      if (!answer.ok) throw new Error(`it answered ${answer.status}`);
    } catch (error) {
      if (Date.now() - loggedAt >= LOG_EVERY_MS) {
        loggedAt = Date.now();
        strapi.log.warn(
          `[site-cache] ${url} did not take a purge (${(error as Error).message}); pages refresh by themselves after a short while`,
        );
      }
    }
  }

  /**
   * Purges the site now, or, while a purge is being sent, once more when it ends: a burst of staff
   * edits costs the site two purges, never one per edit, and the last edit is never missed.
   */
  function purge(event: string, uid?: string): void {
    if (inFlight) {
      again = { event, uid };
      return;
    }
    inFlight = send(event, uid).finally(() => {
      inFlight = null;
      const next = again;
      again = null;
      if (next) purge(next.event, next.uid);
    });
  }

  return {
    purge,

    /** Listens to the event hub for changes to public content. Called once, at bootstrap. */
    listen(): void {
      // The hub awaits each subscriber: this one only starts the purge, never holding up the write.
      strapi.eventHub.subscribe(async (event: string, info: unknown) => {
        if (purgesFor(event, info)) purge(event, (info as { uid?: string } | undefined)?.uid);
      });
    },

    /** Purges sent since start (answered or not), and whether one is being sent: for tests. */
    stats: () => ({ sent, sending: inFlight !== null }),

    /** Resolves once no purge is being sent or waiting. */
    async settled(): Promise<void> {
      while (inFlight) await inFlight;
    },
  };
};
