import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { randomBytes } from 'node:crypto';
import {
  changePasswordSchema,
  DEFAULT_LANGUAGE,
  forgotPasswordSchema,
  knownLanguage,
  loginSchema,
  MESSAGES,
  otpPurpose,
  otpRequestSchema,
  otpVerifySchema,
  profileUpdateSchema,
  SIGN_IN_FAILURES_PER_ADDRESS,
  SIGN_IN_FAILURES_PER_IP,
  SIGN_IN_WINDOW_SECONDS,
  signupSchema,
} from '@fie/domain';
import { parseInput } from '../../../../../shared/validate';
import { httpError } from '../../../../../shared/errors';
import { siteUrl } from '../../../../../shared/site-url';
import { TooManyRequestsError } from '../../../../../shared/too-many-requests-error';
import { googleConfigured, GoogleSignInError, STATE_COOKIE } from '../services/google.service';
import { authUser } from '../services/sessions.service';
import { GoneError, type Delivery } from '../services/otp.service';
import type { User } from '../../../../../shared/account';
import type { Context, SignedInContext } from '../../../../../shared/context';
import { getUsersPermissionsService } from '../../../../../shared/core-services';
import { getService } from '../get-service';
import { getService as platformService } from '../../../../platform/server/src/get-service';
import { clientNetwork } from '../../../../../shared/client-network';

const USER_UID = 'plugin::users-permissions.user';

// Compared against when the e-mail is unknown, so a wrong address costs the same time as a wrong password.
const DUMMY_HASH = '$2a$10$SY.mY9h1y9WYmgb8OeEoIeXVNR4DJamht.lAouFRp8zcnRwJjXn2S';
const signInFailuresKey = (email: string) => `login:address:${email}`;

/** Shapes like a documentId, for answers that must not reveal whether an account exists. */
const opaqueId = () =>
  randomBytes(18)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .padEnd(24, '0')
    .slice(0, 24);

// `_id` as every entity of the contract carries it (the domain's profileSchema requires it); `id` stays for older readers.
const profileOf = (user: User) => ({
  _id: user.documentId as string,
  ...authUser(user),
  phone: user.phone ?? null,
  location: user.location ?? null,
  createdAt: user.createdAt,
  // On unless turned off (rows from before these settings existed hold null).
  emailNotifications: user.emailNotifications !== false,
  systemAlerts: user.systemAlerts !== false,
  // English unless chosen (rows from before the setting existed hold null).
  language: knownLanguage(user.language),
});

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const users = () => strapi.db.query(USER_UID);
  const sessions = () => getService(strapi, 'sessions');
  const otp = () => getService(strapi, 'otp');
  const accountMail = () => getService(strapi, 'account-mail');
  const limiter = () => platformService(strapi, 'rate-limit');
  const clock = () => platformService(strapi, 'clock');
  const userService = () => getUsersPermissionsService(strapi, 'user');
  const google = () => getService(strapi, 'google');

  const findByEmail = (email: string): Promise<User | null> =>
    users().findOne({ where: { email }, populate: ['role'] });

  /** The e-mail Google vouches for behind `accessToken` (the provider users-permissions itself asks). */
  const googleEmail = async (accessToken: string, query: unknown): Promise<string | null> => {
    const providers = await strapi.store({ type: 'plugin', name: 'users-permissions', key: 'grant' }).get();
    const profile: { email?: string } = await getUsersPermissionsService(strapi, 'providers-registry').run({
      provider: 'google',
      accessToken,
      query,
      providers,
    });
    return profile.email ? profile.email.toLowerCase() : null;
  };

  // Throttled the same whether or not anything is sent, so answers do not reveal who has an account.
  const requestCode = (ctx: Context, email: string, purpose: 'register' | 'reset', delivery: Delivery) =>
    otp().request(email, purpose, clientNetwork(ctx), delivery);
  const registrationCode = (email: string): Delivery => ({
    code: (code, expiresAt) => accountMail().registrationCode(email, code, expiresAt),
  });
  const resetCode = (email: string): Delivery => ({
    code: (code, expiresAt) => accountMail().resetCode(email, code, clock().now(), expiresAt),
  });

  /**
   * True while e-mail waits for the mail server (the same for every address, so it tells nothing
   * about accounts): the screens then say the code is on its way rather than sent.
   */
  const emailDelayed = (): Promise<boolean> => platformService(strapi, 'outbox').delayed();

  /** The new password and the owner's notice of it (in the outbox) are kept together. */
  const setPassword = (user: Pick<User, 'documentId' | 'email'>, password: string) =>
    strapi.db.transaction(async () => {
      await strapi.documents(USER_UID).update({ documentId: user.documentId, data: { password } });
      await accountMail().passwordChanged(user.email as string, clock().now()); // every account has one (the schema requires it)
    });

  return {
    async signup(ctx: Context) {
      // Only e-mail and password are read: a `role` or anything else in the body is ignored.
      const { email, password, language = DEFAULT_LANGUAGE } = parseInput(signupSchema, ctx.request.body);
      const existing = await findByEmail(email);
      const answer = async (id: string) => {
        ctx.status = 201;
        ctx.body = {
          id,
          email,
          role: 'user',
          fullName: email.split('@')[0],
          ...((await emailDelayed()) ? { emailDelayed: true } : {}),
        };
      };

      if (existing?.confirmed) {
        // Same answer (and the same throttling) as a new account; the owner is told instead, and no
        // code is made: nobody received it, so it could only be guessed.
        await requestCode(ctx, email, 'register', { notice: () => accountMail().alreadyRegistered(email) });
        return await answer(opaqueId());
      }

      let user: Pick<User, 'documentId'> | null = existing;
      if (user) {
        // Signing up again restarts verification with the new password (and the new page's language).
        await strapi
          .documents(USER_UID)
          .update({ documentId: user.documentId, data: { password, language } });
      } else {
        user = await strapi.documents(USER_UID).create({
          data: {
            username: email,
            email,
            password,
            provider: 'local',
            confirmed: false,
            blocked: false,
            language,
            role: await getService(strapi, 'roles').findRoleId('authenticated'),
          },
        });
      }
      await requestCode(ctx, email, 'register', registrationCode(email));
      return await answer(user!.documentId);
    },

    async requestOtp(ctx: Context) {
      const body = parseInput(otpRequestSchema, ctx.request.body);
      const purpose = otpPurpose(body);
      const user = await findByEmail(body.email);
      // A code is only delivered where it can be used; the answer is the same either way.
      const usable =
        purpose === 'register'
          ? Boolean(user && !user.confirmed && !user.blocked)
          : Boolean(user?.confirmed && !user.blocked);
      await requestCode(
        ctx,
        body.email,
        purpose,
        usable ? (purpose === 'register' ? registrationCode(body.email) : resetCode(body.email)) : null,
      );
      ctx.body = (await emailDelayed())
        ? { message: MESSAGES.codeOnItsWay, emailDelayed: true }
        : { message: MESSAGES.otpSent };
    },

    async verifyOtp(ctx: Context) {
      const { email, userOtp, purpose } = parseInput(otpVerifySchema, ctx.request.body);
      let verified: 'register' | 'reset';
      try {
        verified = await otp().verify(email, userOtp, clientNetwork(ctx), purpose);
      } catch (error) {
        if (error instanceof GoneError) return ctx.gone(error.message);
        throw error;
      }

      const user = await findByEmail(email);
      if (verified === 'reset') {
        ctx.body = { message: MESSAGES.otpVerified };
        return;
      }
      if (!user || user.blocked) throw new errors.ValidationError(MESSAGES.invalidOtp);
      if (!user.confirmed) await users().update({ where: { id: user.id }, data: { confirmed: true } });
      const token = await sessions().start(ctx, user);
      ctx.body = { token, ...authUser(user), language: knownLanguage(user.language) };
    },

    async forgotPassword(ctx: Context) {
      const { email, newPassword } = parseInput(forgotPasswordSchema, ctx.request.body);
      const user = await findByEmail(email);
      if (!user || !(await otp().consumeVerifiedReset(email))) {
        throw httpError(403, MESSAGES.resetNotVerified);
      }
      await setPassword(user, newPassword);
      await sessions().endAll(user.id);
      // Proving the mailbox lifts a sign-in lock, so the owner can sign in with the new password at once.
      await limiter().clear(signInFailuresKey(email));
      ctx.body = { message: MESSAGES.passwordResetDone };
    },

    async login(ctx: Context) {
      const { email, password, isAdminLogin } = parseInput(loginSchema, ctx.request.body);
      const addressKey = signInFailuresKey(email);
      const ipKey = `login:ip:${clientNetwork(ctx)}`;
      const locked = (retryAfter: number) =>
        new TooManyRequestsError(
          `Too many failed sign-in attempts. Please try again in ${Math.ceil(retryAfter / 60)} minutes.`,
          retryAfter,
        );
      // Each attempt takes its place in both counts before the password is compared, so parallel
      // guesses cannot all be compared; a right password gives its places back.
      const network = await limiter().hit(ipKey, SIGN_IN_WINDOW_SECONDS);
      if (network.count > SIGN_IN_FAILURES_PER_IP) throw locked(network.retryAfterSeconds);
      const address = await limiter().hit(addressKey, SIGN_IN_WINDOW_SECONDS);
      if (address.count > SIGN_IN_FAILURES_PER_ADDRESS) {
        await limiter().release(ipKey);
        throw locked(address.retryAfterSeconds);
      }

      const user = await findByEmail(email);
      const passwordOk = await userService().validatePassword(password, user?.password ?? DUMMY_HASH);
      if (!user || !user.password || !passwordOk) {
        if (address.count === SIGN_IN_FAILURES_PER_ADDRESS) {
          getService(strapi, 'lockouts').signInLocked(
            email,
            new Date(clock().now().getTime() + address.retryAfterSeconds * 1000),
          );
        }
        throw httpError(401, MESSAGES.invalidCredentials);
      }
      await limiter().release(ipKey);
      await limiter().clear(addressKey);
      if (!user.confirmed) {
        throw httpError(403, MESSAGES.verifyEmailWithCode);
      }
      if (user.blocked) throw httpError(403, MESSAGES.accountBlocked);
      const account = authUser(user);
      if (isAdminLogin && account.role === 'user') throw httpError(403, 'This is not an admin account.');

      const token = await sessions().start(ctx, user);
      // The account's language: the site opens its pages in it after signing in.
      ctx.body = { token, ...account, language: knownLanguage(user.language) };
    },

    async refresh(ctx: Context) {
      const token = await sessions().refresh(ctx);
      if (!token) throw httpError(401, MESSAGES.sessionEnded);
      ctx.body = { token };
    },

    async logout(ctx: Context) {
      await sessions().end(ctx);
      ctx.body = { message: 'Signed out' };
    },

    async profile(ctx: SignedInContext) {
      ctx.body = profileOf(ctx.state.user);
    },

    async updateProfile(ctx: SignedInContext) {
      const changes = parseInput(profileUpdateSchema, ctx.request.body);
      const data: Record<string, unknown> = {};
      for (const key of ['fullName', 'phone', 'location'] as const)
        if (key in changes) data[key] = changes[key] ?? null;
      for (const key of ['emailNotifications', 'systemAlerts', 'language'] as const)
        if (changes[key] !== undefined) data[key] = changes[key];
      await users().update({ where: { id: ctx.state.user.id }, data });
      const user = await users().findOne({ where: { id: ctx.state.user.id }, populate: ['role'] });
      ctx.body = profileOf(user);
    },

    async changePassword(ctx: SignedInContext) {
      const { currentPassword, newPassword } = parseInput(changePasswordSchema, ctx.request.body);
      const user = ctx.state.user;
      if (!user.password || !(await userService().validatePassword(currentPassword, user.password))) {
        throw new errors.ValidationError(MESSAGES.currentPasswordIncorrect);
      }
      await setPassword(user, newPassword);
      await sessions().endOthers(ctx, user.id);
      ctx.body = { message: MESSAGES.passwordChanged };
    },

    async authConfig(ctx: Context) {
      ctx.body = { google: googleConfigured() };
    },

    /**
     * The site's Google button links here: to Google, with a state value that this browser also
     * keeps in a short-lived cookie, so that only the browser that started a sign-in can finish it.
     */
    async googleStart(ctx: Context) {
      if (!googleConfigured()) throw httpError(503, MESSAGES.googleNotConfigured);
      const { state, location, cookie } = google().start();
      const secure = siteUrl().startsWith('https:');
      // The browser speaks https to the site whatever the hop to the cms is (as for the refresh cookie).
      if (secure) ctx.cookies.secure = true;
      ctx.cookies.set(STATE_COOKIE, state, {
        ...cookie,
        httpOnly: true,
        sameSite: 'lax',
        secure,
        overwrite: true,
      });
      ctx.redirect(location);
    },

    /**
     * Google sends the browser back here with a code and the state. The state must be this browser's
     * own (a link that carries someone else's sign-in, login CSRF, is refused); the code is exchanged
     * for a token, which must have been issued to our client; then a confirmed seeker account, a
     * session, and back to the site.
     */
    async googleReturn(ctx: Context) {
      if (!googleConfigured()) throw httpError(503, MESSAGES.googleNotConfigured);
      const site = siteUrl();
      const back = (reason: string) => ctx.redirect(`${site}/login?error=${encodeURIComponent(reason)}`);
      const kept = ctx.cookies.get(STATE_COOKIE);
      // The state is used once, whatever happens next.
      ctx.cookies.set(STATE_COOKIE, '', {
        path: '/api/auth/google',
        httpOnly: true,
        sameSite: 'lax',
        maxAge: 0,
        overwrite: true,
      });
      if (typeof ctx.query.error === 'string') return back('Google sign-in was cancelled. Please try again.');
      const code = ctx.query.code;
      if (typeof code !== 'string' || code === '') {
        throw new errors.ValidationError(MESSAGES.googleIncomplete);
      }
      if (!google().stateMatches(ctx.query.state, kept))
        return back(
          'Google sign-in could not be checked in this browser. Please start again from the sign-in page.',
        );
      let user: User | null = null;
      try {
        const accessToken = await google().exchange(code);
        // Maintenance pauses sign-up, and a first Google sign-in is a sign-up: only accounts that
        // exist already may come in then (connect would create the missing one).
        if (await strapi.service('api::system-setting.system').maintenance()) {
          const email = await googleEmail(accessToken, ctx.query);
          if (!email || !(await findByEmail(email))) return back(MESSAGES.maintenance);
        }
        const connected = await getUsersPermissionsService(strapi, 'providers').connect('google', {
          access_token: accessToken,
        });
        user = await findByEmail(String(connected.email).toLowerCase());
      } catch (error) {
        if (!(error instanceof GoogleSignInError) && !/already taken/i.test((error as Error).message))
          strapi.log.warn(`[fie] Google sign-in failed: ${(error as Error).message}`);
        return back(
          /already taken/i.test((error as Error).message)
            ? 'This e-mail already has an account. Sign in with your password.'
            : 'Google sign-in failed. Please try again.',
        );
      }
      if (!user || user.blocked) return back(MESSAGES.accountBlocked);
      const token = await sessions().start(ctx, user);
      const account = authUser(user);
      const params = new URLSearchParams({ token, id: account.id, email: account.email, role: account.role });
      ctx.redirect(`${site}/?${params}`);
    },
  };
};
