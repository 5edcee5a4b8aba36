import type { Core } from '@strapi/strapi';
import {
  displayName,
  median,
  RESPONSE_TIME_DAYS,
  RESPONSE_TIME_MIN_REPLIES,
  workingMillisBetween,
  type WorkingHours,
} from '@fie/domain';
import { asIsoDate } from '../../../../../shared/raw-rows';
import { getService as platformService } from '../../../../platform/server/src/get-service';

// Reply times: for each conversation whose first staff reply came in the last 30 days, the working
// time from the seeker's first message to that reply (the office's hours in system settings); the
// median over all, and per member of staff who wrote the reply. Read on the contact page (overall) and
// the back-office dashboards (both); worked out at most once every few minutes per process.

const CACHE_MS = 5 * 60_000;

export interface ReplyTimes {
  /** The median in whole minutes, null when there were no replies. */
  medianMinutes: number | null;
  replies: number;
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const knex = () => strapi.db.connection;
  const now = () => platformService(strapi, 'clock').now();
  let kept: {
    until: number;
    value: Promise<{ overall: ReplyTimes; staff: (ReplyTimes & { _id: string; name: string })[] }>;
  } | null = null;

  async function work() {
    const hours = (await strapi.service('api::system-setting.system').workingHours()) as WorkingHours;
    const since = new Date(now().getTime() - RESPONSE_TIME_DAYS * 86_400_000);
    const rows = await knex()('threads')
      .where('first_reply_at', '>=', since)
      .whereNotNull('first_seeker_at')
      .select('first_seeker_at', 'first_reply_at', 'first_reply_by');
    const minutes = (r: { first_seeker_at: unknown; first_reply_at: unknown }) =>
      workingMillisBetween(
        new Date(asIsoDate(r.first_seeker_at) ?? 0),
        new Date(asIsoDate(r.first_reply_at) ?? 0),
        hours,
      ) / 60_000;
    const all = rows.map(minutes);
    const byStaff = new Map<number, number[]>();
    rows.forEach((r, i) => {
      if (r.first_reply_by === null || r.first_reply_by === undefined) return;
      const list = byStaff.get(Number(r.first_reply_by)) ?? [];
      list.push(all[i]!);
      byStaff.set(Number(r.first_reply_by), list);
    });
    const people = byStaff.size
      ? await knex()('up_users')
          .whereIn('id', [...byStaff.keys()])
          .select('id', 'document_id', 'full_name', 'email')
      : [];
    const round = (m: number | null) => (m === null ? null : Math.round(m));
    return {
      overall: { medianMinutes: round(median(all)), replies: all.length },
      staff: people
        .map((p) => {
          const list = byStaff.get(Number(p.id)) ?? [];
          return {
            _id: String(p.document_id),
            name: displayName(p.full_name, p.email),
            medianMinutes: round(median(list)),
            replies: list.length,
          };
        })
        .sort((a, b) => b.replies - a.replies || a.name.localeCompare(b.name)),
    };
  }

  const service = {
    /** The figures over the last 30 days (kept a few minutes). */
    async figures() {
      const t = Date.now();
      if (!kept || kept.until < t) {
        const value = work();
        kept = { until: t + CACHE_MS, value };
        value.catch(() => (kept = null));
      }
      return kept.value;
    },

    /** What the public is told: the median, only once there are enough replies to say something. */
    async publicFigure(): Promise<ReplyTimes> {
      const { overall } = await service.figures();
      return overall.replies >= RESPONSE_TIME_MIN_REPLIES
        ? overall
        : { medianMinutes: null, replies: overall.replies };
    },

    /** Forgets the kept figures (tests that move the clock, a settings change). */
    forget() {
      kept = null;
    },
  };
  return service;
};
