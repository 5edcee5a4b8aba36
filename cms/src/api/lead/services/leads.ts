import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  DAY_MS,
  LEAD_SUMMARY_TOP,
  MESSAGES,
  propertyLabel,
  type LeadChannel,
  type LeadInput,
  type LeadSummary,
} from '@fie/domain';
import { approvedProperty, newDocumentId } from '../../../shared/document-id';
import { rawRows } from '../../../shared/raw-rows';
import { getService as platformService } from '../../../plugins/platform/server/src/get-service';

const TABLE = 'leads';

type ListingRow = { property_document_id: string; total: unknown; whatsapp: unknown; call_count: unknown };

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const knex = () => strapi.db.connection;
  const now = () => platformService(strapi, 'clock').now();

  return {
    /** Keeps a lead for a listed property (404 for an unknown or unlisted one). */
    async record({ propertyId, channel }: LeadInput): Promise<void> {
      const listed = await approvedProperty(strapi, propertyId, ['id']);
      if (!listed) throw new errors.NotFoundError(MESSAGES.propertyNotFound);
      // Written directly so that `created_at` is the platform's clock (the summaries' periods are
      // read against it), not the process's.
      const t = now();
      await knex()(TABLE).insert({
        document_id: newDocumentId(),
        property_document_id: propertyId,
        channel,
        created_at: t,
        updated_at: t,
        published_at: t,
      });
    },

    /** The last `days` days' leads: by channel, and the listings with the most (most first). */
    async summary(days: number): Promise<LeadSummary> {
      const since = new Date(now().getTime() - days * DAY_MS);
      const inPeriod = () => knex()(TABLE).where('created_at', '>', since);
      const [channels, listings] = await Promise.all([
        inPeriod().select('channel').count({ n: '*' }).groupBy('channel') as Promise<
          { channel: LeadChannel; n: unknown }[]
        >,
        knex()
          .raw(
            `select property_document_id, count(*) as total,
               sum(case when channel = 'whatsapp' then 1 else 0 end) as whatsapp,
               sum(case when channel = 'call' then 1 else 0 end) as call_count
             from ${TABLE} where created_at > ?
             group by property_document_id
             order by total desc, property_document_id
             limit ?`,
            [since, LEAD_SUMMARY_TOP],
          )
          .then((result) => rawRows<ListingRow>(result)),
      ]);
      const byChannel = { whatsapp: 0, call: 0 };
      for (const row of channels) byChannel[row.channel] = Number(row.n);
      const ids = listings.map((r) => r.property_document_id);
      const properties: { document_id: string; property_type: string | null; location: string | null }[] =
        ids.length
          ? await knex()('properties')
              .whereIn('document_id', ids)
              .select('document_id', 'property_type', 'location')
          : [];
      const titleOf = new Map(
        properties.map((p) => [
          p.document_id,
          propertyLabel({ propertyType: p.property_type, location: p.location }),
        ]),
      );
      return {
        days,
        since: since.toISOString(),
        total: byChannel.whatsapp + byChannel.call,
        byChannel,
        topListings: listings.map((r) => ({
          propertyId: r.property_document_id,
          title: titleOf.get(r.property_document_id) ?? null,
          total: Number(r.total),
          whatsapp: Number(r.whatsapp),
          call: Number(r.call_count),
        })),
      };
    },
  };
};
