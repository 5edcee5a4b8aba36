import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  listingQuerySchema,
  MESSAGES,
  propertyInputSchema,
  propertyUpdateSchema,
  publicListingQuerySchema,
} from '@fie/domain';
import { parseInput } from '../../../shared/validate';
import { clientNetwork } from '../../../shared/client-network';
import { pageParams } from '../../../shared/paging';
import { httpError } from '../../../shared/errors';
import { isStaff, type Account } from '../../../shared/account';
import type { Context, SignedInContext } from '../../../shared/context';
import { getService as accountsService } from '../../../plugins/accounts/server/src/get-service';
import { getService as approvalsService } from '../../../plugins/approvals/server/src/get-service';
import { getService } from '../get-service';
import type { MapPointsResult } from '../catalogue/map-reader';
import { listingHeaders } from '../catalogue/listing-headers';

const APPROVAL_FILTERS = ['approved', 'unapproved', 'all'] as const;
type ApprovalFilter = (typeof APPROVAL_FILTERS)[number];
const PROPERTY_UID = 'api::property.property';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const catalogue = () => getService(strapi, 'catalogue');
  const admin = () => getService(strapi, 'catalogue-admin');
  const notes = () => approvalsService(strapi, 'notes');

  /**
   * A map answer (its points or its counts) as kept JSON. A city's 500 points are about 90 KB of JSON
   * and 12 KB compressed: compressed once with the kept answer, for every caller that takes gzip (the
   * site's proxy passes an encoded answer on as it is).
   */
  async function sendMapAnswer(ctx: Context, answer: MapPointsResult): Promise<void> {
    ctx.type = 'application/json';
    ctx.vary('Accept-Encoding');
    if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = await getService(strapi, 'listing-sql').mapPointsGzip(answer);
    } else ctx.body = answer.json;
  }

  return {
    async find(ctx: Context) {
      // The public listing's searches need a few letters (a shorter one gives the indexes nothing to
      // look up); staff lists, behind a sign-in, take any.
      const q = parseInput(
        ctx.query.approval === undefined || ctx.query.approval === 'approved'
          ? publicListingQuerySchema
          : listingQuerySchema,
        ctx.query,
      );
      // Staff may list unapproved properties too; for everyone else the listing is approved only.
      let approval: ApprovalFilter = 'approved';
      if (ctx.query.approval !== undefined) {
        if (!APPROVAL_FILTERS.includes(ctx.query.approval as ApprovalFilter))
          throw new errors.ValidationError('Approval must be one of: approved, unapproved, all');
        if (ctx.query.approval !== 'approved') {
          const account = await accountsService(strapi, 'sessions').currentAccount(ctx);
          if (!account) throw httpError(401, MESSAGES.signInToContinue);
          if (!isStaff(account)) throw new errors.PolicyError(MESSAGES.noPermission);
        }
        approval = ctx.query.approval as ApprovalFilter;
      }
      // (A page number past the count's bound is answered by the listing: empty when the matches end
      // before it, refused when they really run past the bound.)
      // A search not kept waits its turn in the search gate, shared fairly between visitors' networks.
      const { json: listed, ...page } = await catalogue().list(q, approval, clientNetwork(ctx));
      // Staff lists that hold unapproved listings show each one's "Changes requested" note, and the
      // exact map points.
      const json =
        approval === 'approved'
          ? listed
          : JSON.stringify(
              await getService(strapi, 'map-points').exact(
                await notes().attach(PROPERTY_UID, JSON.parse(listed) as Array<{ _id: string }>),
              ),
            );
      ctx.set(listingHeaders(q, page));
      ctx.type = 'application/json';
      ctx.body = json;
    },

    /**
     * GET /products/map: the public listing's points for its map view, with the listing's own filters
     * (bbox among them) and sort: at most MAP_POINTS_LIMIT, X-Has-More telling that more matched.
     * Public, like the listing: every point is the rounded one, whoever asks.
     */
    async map(ctx: Context) {
      const q = parseInput(publicListingQuerySchema, ctx.query);
      const points = await catalogue().mapPoints(q, clientNetwork(ctx));
      ctx.set('X-Has-More', String(points.hasMore));
      ctx.set('Access-Control-Expose-Headers', 'X-Has-More');
      await sendMapAnswer(ctx, points);
    },

    /**
     * GET /products/map/clusters: the map's zoomed-out view, with the listing's filters: the matches
     * counted per cell of the area (MapClusters in @fie/domain), or its points when they are few.
     */
    async mapClusters(ctx: Context) {
      const q = parseInput(publicListingQuerySchema, ctx.query);
      await sendMapAnswer(ctx, await catalogue().mapClusters(q, clientNetwork(ctx)));
    },

    async findOne(ctx: Context, next: () => Promise<unknown>) {
      const id = String(ctx.params.id);
      // GET /products/unapproved is the approvals plugin's queue. Strapi registers plugin routes after
      // the app's, so this route sees that path first and passes it on.
      if (id === 'unapproved') return next();
      const account = await accountsService(strapi, 'sessions').currentAccount(ctx);
      const staff = isStaff(account);
      const property = await catalogue().findOne(id, { includeUnapproved: staff });
      if (!property) return ctx.notFound(MESSAGES.propertyNotFound);
      // An answer read with a sign-in may hold what others may not see (the exact map point): no cache
      // between here and the caller may keep it for anyone else.
      if (account) ctx.set('Cache-Control', 'private, no-store');
      if (!staff) {
        // The exact point for a seeker with an active viewing of it; rounded for everyone else.
        ctx.body = await getService(strapi, 'map-points').forCaller(property, account);
        return;
      }
      // Staff see the listings that show the same photos too (never the public answer).
      const [withNotes] = await notes().attach(PROPERTY_UID, [property as { _id: string }]);
      const [exact] = await getService(strapi, 'map-points').exact([withNotes!]);
      ctx.body = (await getService(strapi, 'photo-hashes').attach([exact!]))[0];
    },

    async create(ctx: SignedInContext) {
      const input = parseInput(propertyInputSchema, ctx.request.body);
      const made = await admin().create(input, {
        user: ctx.state.user,
        role: ctx.state.role,
      } satisfies Account);
      ctx.status = 201;
      // Only staff write properties: they read back the point they set, exact.
      ctx.body = (await getService(strapi, 'map-points').exact([made]))[0];
    },

    async update(ctx: Context) {
      const input = parseInput(propertyUpdateSchema, ctx.request.body);
      const saved = await admin().update(String(ctx.params.id), input);
      ctx.body = (await getService(strapi, 'map-points').exact([saved]))[0];
    },

    /** An admin's delete of a listing a superadmin approved waits for a superadmin (202); any other goes at once. */
    async delete(ctx: Context) {
      const outcome = await approvalsService(strapi, 'workflow').remove(PROPERTY_UID, String(ctx.params.id));
      ctx.status = outcome === 'requested' ? 202 : 200;
      ctx.body = {
        message: outcome === 'requested' ? MESSAGES.deletionAwaitsApproval : MESSAGES.propertyDeleted,
      };
    },

    /** GET /products/needs-confirming (staff): approved listings to confirm, oldest confirmation first. */
    async needsConfirming(ctx: Context) {
      ctx.body = await getService(strapi, 'availability').needsConfirming(pageParams(ctx.query, 20, 100));
    },

    /** PUT /products/:id/confirm-availability (staff): confirmed now; not an edit, so never re-queued. */
    async confirmAvailability(ctx: Context) {
      const property = await getService(strapi, 'availability').confirm(String(ctx.params.id));
      if (!property) return ctx.notFound(MESSAGES.propertyNotFound);
      ctx.body = (await notes().attach(PROPERTY_UID, [property as { _id: string }]))[0];
    },

    /** Approved properties per city, for the home page's cities grid. */
    async cityCounts(ctx: Context) {
      ctx.body = await catalogue().cityCounts();
    },
  };
};
