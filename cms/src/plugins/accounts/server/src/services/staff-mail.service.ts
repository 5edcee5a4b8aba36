import type { Core } from '@strapi/strapi';
import { getService as platformService } from '../../../../platform/server/src/get-service';

const USER_UID = 'plugin::users-permissions.user';
const STAFF_ROLES = ['admin', 'superadmin'];
/** The account setting that lets each kind of staff e-mail through (on the back-office's settings screen, both on by default). */
const SETTING = { notices: 'emailNotifications', alerts: 'systemAlerts' } as const;
export type StaffMailKind = keyof typeof SETTING;

/**
 * E-mails to staff, honouring each staff account's own settings: `notices` (new viewings, items to
 * approve) reach staff whose "E-mail notifications" are on, `alerts` (maintenance mode switched)
 * those whose "System alerts" are on. Deactivated accounts get neither.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** The addresses of the staff accounts (of `roles`) that take this kind of e-mail. */
  async recipients(kind: StaffMailKind, roles: string[] = STAFF_ROLES): Promise<string[]> {
    const field = SETTING[kind];
    // A setting never saved is null, which means on; so is a `blocked` never set.
    const rows = (await strapi.db.query(USER_UID).findMany({
      where: {
        $and: [
          { role: { type: { $in: roles } } },
          { $or: [{ blocked: false }, { blocked: null }] },
          { $or: [{ [field]: true }, { [field]: null }] },
        ],
      },
      select: ['email'],
    })) as Array<{ email: string }>;
    return rows.map((r) => r.email);
  },

  /**
   * Sends one e-mail to each staff member who takes this kind, plus `also` (e.g. the system inbox),
   * each address once: each goes to the outbox (in the caller's transaction), which retries it on
   * its own, so one address's failed delivery does not touch the others.
   */
  async send(
    kind: StaffMailKind,
    message: { subject: string; title: string; lines: string[] },
    options: { roles?: string[]; also?: Array<string | null | undefined> } = {},
  ): Promise<string[]> {
    const to = [
      ...new Set(
        [...(options.also ?? []), ...(await this.recipients(kind, options.roles))]
          .filter((a): a is string => Boolean(a))
          .map((a) => a.toLowerCase()),
      ),
    ];
    const mailer = platformService(strapi, 'mailer');
    const brand = await mailer.brand();
    const body = mailer.layoutFor(brand, message.title, message.lines);
    for (const address of to) await mailer.send(address, message.subject, body);
    return to;
  },
});
