import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { DEFAULT_LANGUAGE, displayName, formatGhanaPhone, LANGUAGES } from '@fie/domain';
import type { Account, User } from '../../../../../shared/account';
import type { Context } from '../../../../../shared/context';
import { siteUrl } from '../../../../../shared/site-url';
import { roleName } from './roles.service';
import { asIsoDate, entityFromRow, rawRows } from '../../../../../shared/raw-rows';
import { columnOf, tableOf } from '../../../../../shared/staff-page';
import { requestState } from '../../../../../shared/request-state';

export const REFRESH_COOKIE = 'fie_refresh';
/**
 * The site's pages that work without JavaScript for a signed-in visitor (a conversation's plain form)
 * read the session from the same cookie, sent to these paths too and nowhere else: every other page is
 * the same for everyone, and the API reads it under /api.
 */
export const PAGE_COOKIE_PATHS = LANGUAGES.map((language) =>
  language === DEFAULT_LANGUAGE ? '/messages' : `/${language}/messages`,
);
const ORIGIN = 'users-permissions';
const USER_UID = 'plugin::users-permissions.user';
const ROLE_UID = 'plugin::users-permissions.role';
const SESSION_UID = 'admin::session';

/** The account as the API answers it after signing in. */
export function authUser(user: Pick<User, 'documentId' | 'email' | 'role' | 'fullName' | 'phone'>) {
  // An account known by its number alone has no e-mail (''), and is named by its number, written
  // the local way, until it gives a name.
  const byPhoneOnly = !user.email && Boolean(user.phone);
  return {
    id: user.documentId as string,
    email: (user.email as string | null) ?? '',
    ...(user.phone ? { phone: user.phone as string } : {}),
    role: roleName(user.role?.type),
    fullName:
      byPhoneOnly && !user.fullName?.trim()
        ? formatGhanaPhone(user.phone as string)
        : displayName(user.fullName, user.email),
  };
}

/** Short access tokens plus an httpOnly refresh cookie, on Strapi's session manager. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const manager = () => strapi.sessionManager(ORIGIN);
  const cookieOptions = (ctx: Context) => {
    const maxAge =
      Number(strapi.config.get('plugin::users-permissions.sessions.maxRefreshTokenLifespan')) * 1000;
    return {
      httpOnly: true,
      // Secure when the visitor is on https: the public site is https, or the trusted hop says so.
      // `npm start` serves plain http on 127.0.0.1.
      secure: siteUrl().startsWith('https://') || Boolean(ctx.request.secure),
      sameSite: 'lax' as const,
      path: '/api',
      maxAge,
      overwrite: true,
    };
  };

  /**
   * Sets (or clears) the refresh cookie. With an https SITE_URL the cookie is Secure: the browser
   * speaks https to the site whatever the hop to the cms is. Koa refuses a Secure cookie on a
   * request it does not see as https (the hop from a site that TRUSTED_PROXIES does not name), which
   * answered 500 after the account was already confirmed; the cookie goes out all the same and
   * the misconfiguration is logged once.
   */
  let warnedInsecureHop = false;
  const setRefreshCookie = (ctx: Context, value: string, maxAge?: number) => {
    const options = { ...cookieOptions(ctx), ...(maxAge === undefined ? {} : { maxAge }) };
    if (options.secure && !ctx.request.secure) {
      if (!warnedInsecureHop) {
        warnedInsecureHop = true;
        strapi.log.warn(
          'SITE_URL is https but this request reached the cms over plain http without a trusted X-Forwarded-Proto: name the address of the site in TRUSTED_PROXIES.',
        );
      }
      ctx.cookies.secure = true;
    }
    ctx.cookies.set(REFRESH_COOKIE, value, options);
    // `overwrite: false`: Koa would otherwise drop the Set-Cookie of the same name just written.
    for (const path of PAGE_COOKIE_PATHS)
      ctx.cookies.set(REFRESH_COOKIE, value, { ...options, path, overwrite: false });
  };

  /**
   * The account of a valid access token and its role, in one query, when its session is live (it
   * exists for this user and origin and has not expired), as `strapi.db.query(user)` with the
   * role populated answers it. Stock users-permissions took four queries for this on every
   * signed-in request (the user to check it exists, the session, then the user and its role).
   */
  async function accountRow(userId: string, sessionId: string): Promise<{ user: User } | null> {
    const userMeta = strapi.db.metadata.get(USER_UID) as unknown as Parameters<typeof entityFromRow>[0] & {
      tableName: string;
      attributes: {
        role: {
          joinTable: { name: string; joinColumn: { name: string }; inverseJoinColumn: { name: string } };
        };
      };
    };
    const link = userMeta.attributes.role.joinTable;
    const session = (attribute: string) => columnOf(strapi, SESSION_UID, attribute);
    const id = Number(userId);
    if (!Number.isSafeInteger(id)) return null;
    const rows = rawRows<Record<string, unknown>>(
      await strapi.db.connection.raw(
        `select u.*, r.id as fie_role_id, r.document_id as fie_role_document_id, r.name as fie_role_name, r.type as fie_role_type,
           s.${session('expiresAt')} as fie_session_expires_at
         from ${userMeta.tableName} u
         join ${tableOf(strapi, SESSION_UID)} s on s.${session('sessionId')} = ? and s.${session('origin')} = ? and s.${session('userId')} = ?
         left join ${link.name} rl on rl.${link.joinColumn.name} = u.id
         left join ${tableOf(strapi, ROLE_UID)} r on r.id = rl.${link.inverseJoinColumn.name}
         where u.id = ?
         limit 1`,
        [sessionId, ORIGIN, String(id), id],
      ),
    );
    const row = rows[0];
    if (!row || new Date(asIsoDate(row.fie_session_expires_at) as string) <= new Date()) return null;
    const user = entityFromRow(userMeta, row);
    user.role =
      row.fie_role_id === null || row.fie_role_id === undefined
        ? null
        : {
            id: Number(row.fie_role_id),
            documentId: row.fie_role_document_id,
            name: row.fie_role_name,
            type: row.fie_role_type,
          };
    return { user: user as User };
  }

  return {
    /**
     * The caller's account from the Bearer token: a live session of an existing, unblocked account.
     * Null when there is no token or it is not valid. Unconfirmed accounts are returned (with
     * `user.confirmed` false) so the caller can say why they are refused.
     */
    async currentAccount(ctx: Context): Promise<Account | null> {
      const header = String(ctx.request.headers.authorization ?? '');
      const [scheme, bearer, extra] = header.split(/\s+/);
      if (scheme?.toLowerCase() !== 'bearer' || !bearer || extra !== undefined) return null;
      const access = manager().validateAccessToken(bearer);
      if (!access.isValid || access.payload.type !== 'access') return null;
      const { userId, sessionId } = access.payload as { userId: string; sessionId: string };
      const row = await accountRow(userId, sessionId);
      if (!row) return null;
      const user = row.user as User;
      if (user.blocked) return null;
      return { user, role: roleName(user.role?.type), sessionId };
    },

    /** Whether a session is still live; the users-permissions extension refuses a token whose session ended. */
    async isSessionActive(sessionId: string): Promise<boolean> {
      return Boolean(await manager().isSessionActive(sessionId));
    },

    /** Starts a session: sets the refresh cookie and returns the access token. */
    async start(ctx: Context, user: Pick<User, 'id'>): Promise<string> {
      const refresh = await manager().generateRefreshToken(String(user.id), undefined, {
        type: 'refresh',
        metadata: { userAgent: String(ctx.request.headers['user-agent'] ?? '').slice(0, 200) },
      });
      const access = await manager().generateAccessToken(refresh.token);
      if ('error' in access) throw new errors.ApplicationError('Could not start a session');
      setRefreshCookie(ctx, refresh.token);
      return access.token as string;
    },

    /** A new access token for the session in the refresh cookie, or null when it has ended. */
    async refresh(ctx: Context): Promise<string | null> {
      const token = ctx.cookies.get(REFRESH_COOKIE);
      if (!token) return null;
      const access = await manager().generateAccessToken(token);
      if ('error' in access) return null;
      // A session begun before the pages' cookie existed gets it now (the site renews every few minutes).
      setRefreshCookie(ctx, token);
      return access.token as string;
    },

    /** Ends the session of this request (access token or refresh cookie) and clears the cookie. */
    async end(ctx: Context): Promise<void> {
      const header = String(ctx.request.headers.authorization ?? '');
      const bearer = header.startsWith('Bearer ') ? header.slice(7) : null;
      const access = bearer ? manager().validateAccessToken(bearer) : null;
      if (access?.isValid) {
        await manager().revokeSessionById(String(access.payload.userId), access.payload.sessionId);
      }
      const refresh = ctx.cookies.get(REFRESH_COOKIE);
      if (refresh) {
        const v = await manager().validateRefreshToken(refresh);
        if (v.isValid) await manager().revokeSessionById(String(v.userId), v.sessionId);
      }
      setRefreshCookie(ctx, '', 0);
    },

    /** Ends every session of a user (password reset, revoked staff rights). */
    async endAll(userId: number | string): Promise<void> {
      await manager().invalidateRefreshToken(String(userId));
    },

    /** Ends every session of a user except the one this request belongs to. */
    async endOthers(ctx: Context, userId: number | string): Promise<void> {
      const current = requestState(ctx).session?.id;
      const sessions: { sessionId: string }[] = await strapi.db
        .query('admin::session')
        .findMany({ where: { userId: String(userId), origin: ORIGIN } });
      for (const s of sessions) {
        if (s.sessionId !== current) await manager().revokeSessionById(String(userId), s.sessionId);
      }
    },
  };
};
