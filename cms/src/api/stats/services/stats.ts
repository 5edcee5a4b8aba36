import type { Core } from '@strapi/strapi';
import { approvedPerCity } from '../../property/catalogue/city-counts';
import { getService as platformService } from '../../../plugins/platform/server/src/get-service';
import { getService as approvalsService } from '../../../plugins/approvals/server/src/get-service';
import { getService as accountsService } from '../../../plugins/accounts/server/src/get-service';
import { DAY_MS } from '@fie/domain';

export interface Figure {
  total: number;
  /** Added in the last 30 days. */
  last30Days: number;
  /** Added in the 30 days before those. */
  previous30Days: number;
  /** Percentage change of last30Days over previous30Days; null when there is nothing to compare with. */
  changePercent: number | null;
}

/** The back-office dashboards' figures, counted from the database (the old ones were fixed samples). */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  async function figure(
    uid: string,
    where: Record<string, unknown>,
    dateField: string,
    now: Date,
  ): Promise<Figure> {
    const q = strapi.db.query(uid);
    const since = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const [total, last30Days, previous30Days] = await Promise.all([
      q.count({ where }),
      q.count({ where: { ...where, [dateField]: { $gt: since(30) } } }),
      q.count({ where: { ...where, [dateField]: { $gt: since(60), $lte: since(30) } } }),
    ]);
    const changePercent =
      previous30Days === 0 ? null : Math.round(((last30Days - previous30Days) / previous30Days) * 1000) / 10;
    return { total, last30Days, previous30Days, changePercent };
  }

  return {
    /** The marketing pages' statistics (metric names as in the shared.statistic component). */
    async siteFigures() {
      const [perCity, viewingsBooked, dealsClosed] = await Promise.all([
        approvedPerCity(strapi),
        strapi.db.query('plugin::viewings.appointment').count({}),
        strapi.db.query('api::deal.deal').count({ where: { approvalStatus: 'approved' } }),
      ]);
      let propertiesListed = 0;
      let citiesCovered = 0;
      for (const [slug, n] of perCity) {
        propertiesListed += n;
        if (slug !== null) citiesCovered += 1;
      }
      return { propertiesListed, citiesCovered, viewingsBooked, dealsClosed };
    },

    async figures() {
      const now = platformService(strapi, 'clock').now();
      const [properties, appointments, enquiries, dealsClosed, pendingProperties, pendingDeals, texts] =
        await Promise.all([
          figure('api::property.property', { approvalStatus: 'approved' }, 'createdAt', now),
          figure('plugin::viewings.appointment', {}, 'createdAt', now),
          figure('api::enquiry.enquiry', {}, 'enquiryDate', now),
          figure('api::deal.deal', { approvalStatus: 'approved' }, 'createdAt', now),
          // What waits in each queue: unapproved items, and items whose deletion an admin asked for.
          approvalsService(strapi, 'workflow').waitingCount('api::property.property'),
          approvalsService(strapi, 'workflow').waitingCount('api::deal.deal'),
          accountsService(strapi, 'account-texts').today(),
        ]);
      return {
        properties,
        appointments,
        enquiries,
        dealsClosed,
        pendingApprovals: {
          properties: pendingProperties,
          deals: pendingDeals,
          total: pendingProperties + pendingDeals,
        },
        texts: { enabled: platformService(strapi, 'sms').enabled(), ...texts },
        generatedAt: now.toISOString(),
      };
    },
  };
};
