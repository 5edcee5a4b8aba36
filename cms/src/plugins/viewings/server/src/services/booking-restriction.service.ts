import type { Core } from '@strapi/strapi';
import {
  bookingPausedMessage,
  bookingRestrictedUntil,
  knownLanguage,
  noShowLookback,
  type BookingRestriction,
  type NoShowRule,
} from '@fie/domain';
import { APPOINTMENT_UID as UID } from '../slot-key';
import { getService as platformService } from '../../../../platform/server/src/get-service';

const USER_UID = 'plugin::users-permissions.user';
type UserId = number | string;

/**
 * The no-show rule applied to accounts: the missed viewings staff recorded (`clientNoShow`), read back as
 * far as they can still matter, and the rule in @fie/domain; each account's `bookingRestrictionLiftedAt`
 * (staff lifted a restriction) forgets the misses before it.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  /** The account's language: the restriction is told to the seeker in it. */
  const languageOf = async (userId: UserId) =>
    knownLanguage(
      (await strapi.db.query(USER_UID).findOne({ where: { id: userId }, select: ['language'] }))?.language,
    );

  const now = () => platformService(strapi, 'clock').now();
  const rule = (): Promise<NoShowRule> => strapi.service('api::system-setting.system').noShowRule();

  /** When each of `userIds` may book again, for those who may not book now. */
  async function restrictedUntil(
    userIds: readonly UserId[],
    at: Date = now(),
    settings?: NoShowRule,
  ): Promise<Map<number, Date>> {
    const found = new Map<number, Date>();
    if (userIds.length === 0) return found;
    const r = settings ?? (await rule());
    const missed: { startsAt: string | Date; user?: { id: number } | null }[] = await strapi.db
      .query(UID)
      .findMany({
        where: {
          clientNoShow: true,
          status: 'Unsuccessful',
          startsAt: { $gte: noShowLookback(r, at).toISOString(), $lte: at.toISOString() },
          user: { id: { $in: [...userIds] } },
        },
        select: ['startsAt'],
        populate: { user: { select: ['id'] } },
      });
    if (missed.length === 0) return found;
    const byUser = new Map<number, Date[]>();
    for (const m of missed) {
      if (!m.user) continue;
      const id = Number(m.user.id);
      byUser.set(id, [...(byUser.get(id) ?? []), new Date(m.startsAt)]);
    }
    const lifts: { id: number; bookingRestrictionLiftedAt?: string | Date | null }[] = await strapi.db
      .query(USER_UID)
      .findMany({ where: { id: { $in: [...byUser.keys()] } }, select: ['id', 'bookingRestrictionLiftedAt'] });
    for (const u of lifts) {
      const until = bookingRestrictedUntil({
        noShows: byUser.get(Number(u.id)) ?? [],
        rule: r,
        liftedAt: u.bookingRestrictionLiftedAt ? new Date(u.bookingRestrictionLiftedAt) : null,
        now: at,
      });
      if (until) found.set(Number(u.id), until);
    }
    return found;
  }

  /** One account's restriction, with the rule; `until` null when they may book now. */
  async function of(userId: UserId): Promise<{ until: Date | null; rule: NoShowRule }> {
    const r = await rule();
    const until = (await restrictedUntil([userId], now(), r)).get(Number(userId)) ?? null;
    return { until, rule: r };
  }

  return {
    restrictedUntil,
    of,

    /** GET /api/appointments/booking-restriction's answer for an account. */
    async answer(userId: UserId): Promise<BookingRestriction> {
      const { until, rule: r } = await of(userId);
      return {
        restricted: until !== null,
        restrictedUntil: until?.toISOString() ?? null,
        bookableFrom: until?.toISOString().slice(0, 10) ?? null,
        message: until ? bookingPausedMessage(r, until, await languageOf(userId)) : null,
        rule: r,
      };
    },

    /** Staff lift an account's restriction: the misses recorded so far no longer count. */
    async lift(userId: UserId): Promise<void> {
      await strapi.db
        .query(USER_UID)
        .update({ where: { id: userId }, data: { bookingRestrictionLiftedAt: now().toISOString() } });
    },
  };
};
