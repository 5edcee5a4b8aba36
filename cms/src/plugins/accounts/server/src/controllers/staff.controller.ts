import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { accraDayLabel, addAdminSchema, MESSAGES, normaliseGhanaPhone, noShowRuleText } from '@fie/domain';
import { parseInput } from '../../../../../shared/validate';
import { pageParams, searchParam } from '../../../../../shared/paging';
import { staffListsVersion, staffPageRows, Where } from '../../../../../shared/staff-page';
import { asIsoDate } from '../../../../../shared/raw-rows';
import { roleName } from '../services/roles.service';
import type { User } from '../../../../../shared/account';
import type { Context, SignedInContext } from '../../../../../shared/context';
import { getService } from '../get-service';
import { getService as approvalsService } from '../../../../approvals/server/src/get-service';
import { getService as viewingsService } from '../../../../viewings/server/src/get-service';

const USER_UID = 'plugin::users-permissions.user';
/** Knex's transaction, named through Strapi's connection (the cms does not depend on knex itself). */
type Transaction = Awaited<ReturnType<ReturnType<Core.Strapi['db']['connection']['transactionProvider']>>>;

const ROLE_TYPE = { user: 'authenticated', admin: 'admin', superadmin: 'superadmin' } as const;
const ROLE_LABEL: Record<string, string> = {
  user: 'User',
  admin: 'Administrator',
  superadmin: 'Super Admin',
};

/** A staff-list entry: never a password hash, token or provider secret. */
const staffUser = (
  u: Pick<User, 'documentId' | 'email' | 'fullName' | 'blocked' | 'createdAt'> & {
    phone?: string | null;
    role?: { type?: string | null } | null;
  },
  bookingRestrictedUntil?: Date | null,
  codeTextFailedAt?: Date | null,
) => ({
  _id: u.documentId as string,
  // '' for a seeker known by their mobile number alone; staff know them by `phone` then.
  email: (u.email as string | null) ?? '',
  phone: u.phone ?? null,
  fullName: (u.fullName as string | null) ?? null,
  role: roleName(u.role?.type),
  // A deactivated account (users-permissions' `blocked`) cannot sign in until it is reactivated.
  active: !u.blocked,
  createdAt: u.createdAt,
  // Seekers only: while the no-show rule pauses their booking, the first instant they may book again.
  ...(bookingRestrictedUntil !== undefined
    ? { bookingRestrictedUntil: bookingRestrictedUntil?.toISOString() ?? null }
    : {}),
  // Seekers only: when the last code texted to their number was reported undelivered (a wrong or dead
  // number, or a network that refuses us), so staff can tell a seeker who says no code came.
  ...(codeTextFailedAt !== undefined ? { codeTextFailedAt: codeTextFailedAt?.toISOString() ?? null } : {}),
});

/** A staff-list row as the list's SQL reads it. */
interface ListRow {
  id: number | string;
  document_id: string;
  email: string | null;
  phone: string | null;
  full_name: string | null;
  blocked: boolean | number | null;
  created_at: unknown;
  role_type: string;
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const users = () => strapi.db.query(USER_UID);
  /** Keeps the action in the staff audit trail (the approvals plugin's). */
  async function staffAction(
    action:
      | 'admin-added'
      | 'admin-revoked'
      | 'user-added'
      | 'user-deactivated'
      | 'user-reactivated'
      | 'booking-restriction-lifted',
    account: { documentId: string; email?: string | null },
    detail: string | null,
  ) {
    const audit = approvalsService(strapi, 'audit');
    const actor = audit.currentActor();
    const resource = action.startsWith('admin-') ? 'admin' : 'user';
    if (actor)
      await audit.record({
        actor,
        action,
        resource,
        resourceId: account.documentId,
        label: account.email ?? null,
        detail,
      });
  }

  /** The seeker an account id names; staff accounts are revoked (PUT /api/revoke-admin/:id), not deactivated. */
  async function seeker(id: string) {
    const target: User | null = await users().findOne({ where: { documentId: id }, populate: ['role'] });
    if (!target) throw new errors.NotFoundError('Account not found');
    if (roleName(target.role?.type) !== 'user')
      throw new errors.ValidationError(
        'Staff accounts are not deactivated here: revoke their admin privileges first.',
      );
    return target;
  }
  const findRoleId = (type: 'authenticated' | 'admin' | 'superadmin') =>
    getService(strapi, 'roles').findRoleId(type);

  /**
   * One page of the accounts with one of `roleTypes`, newest first; `?search=` matches the e-mail,
   * case-insensitive, anywhere in it (trigram-indexed on PostgreSQL, see bootstrap).
   */
  async function list(ctx: Context, roleTypes: ('authenticated' | 'admin' | 'superadmin')[]) {
    const search = searchParam(ctx.query);
    const { page, pageSize } = pageParams(ctx.query, 100);
    // The role ids as values (not a sub-select), so the planner sees how many accounts each role has.
    const roleIds = await Promise.all(roleTypes.map(findRoleId));
    const where = new Where().add(`l.role_id in (${roleIds.map(() => '?').join(',')})`, ...roleIds);
    // A whole Ghanaian number finds its account by the phone index, however it was typed; any other
    // text is a part of an e-mail.
    const number = search ? normaliseGhanaPhone(search) : null;
    if (number) where.add('u.phone = ?', number);
    else if (search) where.contains(['u.email'], search);
    // The page's rows in the same query as their ids: the answer needs only these columns.
    const { rows, total } = await staffPageRows<ListRow>(strapi, {
      select:
        'u.id, u.document_id, u.email, u.phone, u.full_name, u.blocked, u.created_at, r.type as role_type',
      from: 'up_users u join up_users_role_lnk l on l.user_id = u.id join up_roles r on r.id = l.role_id',
      id: 'u.id',
      where,
      orderBy: 'u.created_at desc, u.id desc',
      // Without a search every linked account counts: the role links alone say how many.
      count: search
        ? undefined
        : {
            from: 'up_users_role_lnk l',
            where: new Where().add(`l.role_id in (${roleIds.map(() => '?').join(',')})`, ...roleIds),
          },
      keptUnder: staffListsVersion,
      page,
      pageSize,
    });
    ctx.set('X-Total-Count', String(total));
    // The Users screen shows whose booking the no-show rule pauses, and whose last code text failed.
    const seekers = roleTypes.includes('authenticated');
    const [restricted, textFailed] = seekers
      ? await Promise.all([
          viewingsService(strapi, 'booking-restriction').restrictedUntil(rows.map((r) => r.id)),
          getService(strapi, 'account-texts').codeTextFailures(
            rows.map((r) => r.phone).filter((p): p is string => Boolean(p)),
          ),
        ])
      : [null, null];
    ctx.body = rows.map((r) =>
      staffUser(
        {
          documentId: r.document_id,
          email: r.email,
          phone: r.phone,
          fullName: r.full_name,
          blocked: Boolean(r.blocked),
          createdAt: asIsoDate(r.created_at) ?? undefined,
          role: { type: r.role_type },
        },
        restricted ? (restricted.get(Number(r.id)) ?? null) : undefined,
        textFailed ? (r.phone ? (textFailed.get(r.phone) ?? null) : null) : undefined,
      ),
    );
  }

  return {
    /** Seekers (role user): admins and superadmins see them. */
    async users(ctx: Context) {
      await list(ctx, ['authenticated']);
    },

    /** Staff accounts: superadmins only. */
    async admins(ctx: Context) {
      await list(ctx, ['admin', 'superadmin']);
    },

    async addAdmin(ctx: Context) {
      const { email, password, role } = parseInput(addAdminSchema, ctx.request.body);
      if (await users().findOne({ where: { email } })) return ctx.conflict(MESSAGES.emailTaken);
      const created = await strapi.documents(USER_UID).create({
        data: {
          username: email,
          email,
          password,
          provider: 'local',
          confirmed: true,
          blocked: false,
          role: await findRoleId(ROLE_TYPE[role]),
        },
      });
      const user: User = await users().findOne({ where: { id: created.id }, populate: ['role'] });
      if (role === 'user') await staffAction('user-added', user, null);
      else await staffAction('admin-added', user, ROLE_LABEL[role]);
      ctx.status = 201;
      ctx.body = { message: 'User/Admin added successfully', user: staffUser(user) };
    },

    async revokeAdmin(ctx: SignedInContext) {
      const target: User | null = await users().findOne({
        where: { documentId: String(ctx.params.id) },
        populate: ['role'],
      });
      if (!target) throw new errors.NotFoundError('Account not found');
      if (target.id === ctx.state.user.id)
        throw new errors.ValidationError('You cannot revoke your own admin privileges.');
      const role = roleName(target.role?.type);
      if (role === 'user')
        throw new errors.ValidationError('This account has no admin privileges to revoke.');

      const userRoleId = await findRoleId('authenticated');
      // Count and demote under a lock, so two superadmins revoking each other at the same moment
      // cannot leave the service with none.
      const demoted = await strapi.db.transaction(async ({ trx }: { trx: Transaction }) => {
        if (role === 'superadmin') {
          const query = strapi.db
            .connection('up_users_role_lnk as l')
            .transacting(trx)
            .join('up_roles as r', 'r.id', 'l.role_id')
            .where('r.type', 'superadmin')
            .select('l.user_id');
          const rows = strapi.db.dialect.client === 'postgres' ? await query.forUpdate() : await query;
          if (rows.length <= 1) return false;
        }
        await users().update({ where: { id: target.id }, data: { role: userRoleId } });
        return true;
      });
      if (!demoted) return ctx.conflict('The last superadmin cannot be revoked.');
      await getService(strapi, 'sessions').endAll(target.id);
      const user: User = await users().findOne({ where: { id: target.id }, populate: ['role'] });
      await staffAction('admin-revoked', user, `was ${ROLE_LABEL[role]}`);
      ctx.body = { message: 'Admin privileges revoked successfully', user: staffUser(user) };
    },

    /**
     * PUT /api/users/:id/deactivate: the seeker can no longer sign in, their sessions end at once and
     * their future viewings are cancelled (each owner told by e-mail). Superadmin only.
     */
    async deactivate(ctx: Context) {
      const target = await seeker(String(ctx.params.id));
      if (!target.blocked) {
        await users().update({ where: { id: target.id }, data: { blocked: true } });
        await getService(strapi, 'sessions').endAll(target.id);
        const cancelled = await viewingsService(strapi, 'viewings').cancelFutureOf(target.documentId);
        await staffAction(
          'user-deactivated',
          target,
          cancelled > 0 ? `${cancelled} future viewing${cancelled === 1 ? '' : 's'} cancelled` : null,
        );
      }
      const user: User = await users().findOne({ where: { id: target.id }, populate: ['role'] });
      ctx.body = { message: 'User deactivated successfully', user: staffUser(user) };
    },

    /**
     * DELETE /api/users/:id/booking-restriction: the seeker's missed viewings recorded so far no longer
     * count, so they may book at once. Admin or superadmin; kept in the audit trail.
     */
    async liftBookingRestriction(ctx: Context) {
      const target: User | null = await users().findOne({
        where: { documentId: String(ctx.params.id) },
        populate: ['role'],
      });
      if (!target) throw new errors.NotFoundError('Account not found');
      if (roleName(target.role?.type) !== 'user')
        throw new errors.ValidationError(MESSAGES.bookingRestrictionOnlySeekers);
      const restriction = viewingsService(strapi, 'booking-restriction');
      const { until, rule } = await restriction.of(target.id);
      if (until) {
        await restriction.lift(target.id);
        await staffAction(
          'booking-restriction-lifted',
          target,
          `was paused until ${accraDayLabel(until)} (${noShowRuleText(rule)})`,
        );
      }
      const user: User = await users().findOne({ where: { id: target.id }, populate: ['role'] });
      ctx.body = {
        message: until ? MESSAGES.bookingRestrictionLifted : MESSAGES.noBookingRestriction,
        user: staffUser(user, null),
      };
    },

    /** PUT /api/users/:id/reactivate: the seeker may sign in again. Superadmin only. */
    async reactivate(ctx: Context) {
      const target = await seeker(String(ctx.params.id));
      if (target.blocked) {
        await users().update({ where: { id: target.id }, data: { blocked: false } });
        await staffAction('user-reactivated', target, null);
      }
      const user: User = await users().findOne({ where: { id: target.id }, populate: ['role'] });
      ctx.body = { message: 'User reactivated successfully', user: staffUser(user) };
    },
  };
};
