import type { Core } from '@strapi/strapi';
import { getService } from './get-service';

const PROPERTY_UID = 'api::property.property';

/** How long after an approval the instant alerts go out: approvals made together go in one e-mail. */
const instantDelayMs = () => Number(process.env.ALERTS_INSTANT_DELAY_MS ?? 20_000);

// The saved-search concept's own start-up, run by Strapi (see api/property/index.ts).
export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    let timer: NodeJS.Timeout | null = null;
    /** Instant alerts soon after a listing matched, rather than at the next minute's run (which also sends them). */
    const soon = () => {
      if (timer || !strapi.config.get('server.cron.enabled', false)) return;
      timer = setTimeout(() => {
        timer = null;
        getService(strapi, 'alerts')
          .runInstant()
          .catch((error: Error) => strapi.log.warn(`[fie] alerts: instant run failed: ${error.message}`));
      }, instantDelayMs());
      timer.unref();
    };

    // Every write of a property, from the approval queue, the API or the panel, passes here: one that
    // leaves it listed is matched against saved searches (when it was not listed before), and tells
    // its favourites of a lower price. In the write's transaction, so both are kept or lost together.
    strapi.documents.use(async (context, next) => {
      const action = context.action as string;
      if (context.uid !== PROPERTY_UID || (action !== 'create' && action !== 'update')) return next();
      const params = context.params as { documentId?: string };
      const before: { approval_status: string; availability_hidden: boolean | number | null } | undefined =
        params.documentId
          ? await strapi.db.transaction(({ trx }) =>
              trx('properties')
                .where({ document_id: params.documentId })
                .first('approval_status', 'availability_hidden'),
            )
          : undefined;
      const result = await next();
      const documentId = params.documentId ?? (result as { documentId?: string } | null)?.documentId;
      if (!documentId) return result;
      const alerts = getService(strapi, 'alerts');
      await strapi.db.transaction(async ({ onCommit }) => {
        // Not listed before: not approved, or hidden for want of a confirmation (matchListing checks
        // that it is listed now; a search it matched before is not told again).
        if (before?.approval_status !== 'approved' || Boolean(before.availability_hidden)) {
          await alerts.matchListing(documentId);
          onCommit(soon);
        }
        await alerts.noteListedPrice(documentId);
      });
      return result;
    });
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await getService(strapi, 'alerts').ensureTables();
  },
};
