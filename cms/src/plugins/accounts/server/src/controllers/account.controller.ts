import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { randomBytes } from 'node:crypto';
import {
  changePasswordSchema,
  DEFAULT_LANGUAGE,
  formatGhanaPhone,
  forgotPasswordSchema,
  identityOf,
  knownLanguage,
  type Language,
  loginSchema,
  MESSAGES,
  otpPurpose,
  otpRequestSchema,
  otpVerifySchema,
  phoneAddSchema,
  phoneVerifySchema,
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
import { GoneError, type Delivery, type OtpPurpose } from '../services/otp.service';
import type { User } from '../../../../../shared/account';
import type { Context, SignedInContext } from '../../../../../shared/context';
import { getUsersPermissionsService } from '../../../../../shared/core-services';
import { getService } from '../get-service';
import { getService as platformService } from '../../../../platform/server/src/get-service';
import { clientNetwork } from '../../../../../shared/client-network';

const USER_UID = 'plugin::users-permissions.user';

// Compared against when the e-mail is unknown, so a wrong address costs the same time as a wrong password.
const DUMMY_HASH = '$2a$10$SY.mY9h1y9WYmgb8OeEoIeXVNR4DJamht.lAouFRp8zcnRwJjXn2S';
// Keyed by the address signed in with: an e-mail, or a number in E.164.
const signInFailuresKey = (address: string) => `login:address:${address}`;

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
  // The number is the account's own (it signs in, texts go to it) once its code came back.
  phoneVerified: Boolean(user.phone && user.phoneVerifiedAt),
  // The seeker's channels, each on unless turned off (in Settings; replying STOP turns both texts off):
  // texts and e-mails about viewings, texts of instant alerts (their e-mails: emailNotifications).
  smsEnabled: user.smsEnabled !== false,
  smsAlerts: user.smsAlerts !== false,
  viewingEmails: user.viewingEmails !== false,
  // ... and of new messages in their conversations.
  messageEmails: user.messageEmails !== false,
  messageTexts: user.messageTexts !== false,
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
  const texts = () => getService(strapi, 'account-texts');

  /** The account whose verified number is `phone`, else a sign-up with it still waiting for its code. */
  const findByPhone = async (phone: string): Promise<User | null> =>
    (await users().findOne({ where: { phone, phoneVerifiedAt: { $notNull: true } }, populate: ['role'] })) ??
    users().findOne({ where: { username: phone, confirmed: false }, populate: ['role'] });

  const findByIdentity = (who: { email?: string; phone?: string }): Promise<User | null> =>
    who.email ? findByEmail(who.email) : findByPhone(who.phone as string);

  /** Another account holds `phone` as its verified number. */
  const phoneTakenBy = async (phone: string, exceptId?: number | string) =>
    Boolean(
      await users().findOne({
        where: { phone, phoneVerifiedAt: { $notNull: true }, ...(exceptId ? { id: { $ne: exceptId } } : {}) },
        select: ['id'],
      }),
    );

  /** Texts must be possible before a code is promised by text: on, to a country we text, within the day's budget. */
  const assertCanText = (phone: string) => texts().assertCodeAllowed(phone);

  const textedCode = (
    phone: string,
    purpose: 'register' | 'login' | 'reset' | 'phone',
    language?: Language,
  ): Delivery => ({
    code: (code, expiresAt) => texts().code(phone, purpose, code, expiresAt, language),
  });

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
  // A number's codes go by text, with the texts' limits as well.
  const requestCode = (ctx: Context, address: string, purpose: OtpPurpose, delivery: Delivery) =>
    otp().request(address, purpose, clientNetwork(ctx), delivery, { byText: address.startsWith('+') });
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
      // An account known by its number alone has no mailbox to tell; its owner just set the password.
      if (user.email) await accountMail().passwordChanged(user.email as string, clock().now());
    });

  /** A seeker's account, waiting for its sign-up code. */
  const newSeeker = async (data: {
    username: string;
    email?: string;
    phone?: string;
    password: string;
    language: Language;
  }) =>
    strapi.documents(USER_UID).create({
      data: {
        ...data,
        provider: 'local',
        confirmed: false,
        blocked: false,
        role: await getService(strapi, 'roles').findRoleId('authenticated'),
      },
    });

  /**
   * Sign-up with a mobile number (and an e-mail if given): the account waits for the code texted to
   * the number. A number that already signs an account in gets the same answer and no text.
   */
  async function signupByPhone(
    ctx: Context,
    phone: string,
    password: string,
    language: Language = DEFAULT_LANGUAGE,
    email?: string,
  ) {
    await assertCanText(phone);
    const answer = (id: string) => {
      ctx.status = 201;
      ctx.body = { id, email: email ?? '', phone, role: 'user', fullName: formatGhanaPhone(phone) };
    };
    const existing = await findByPhone(phone);
    if (existing?.confirmed) {
      await requestCode(ctx, phone, 'register', null);
      return answer(opaqueId());
    }
    // An e-mail already in use is not taken over (and not reported: that would tell who has an account).
    const withEmail = email && !(await findByEmail(email)) ? { email } : {};
    let user: Pick<User, 'documentId'> | null = existing;
    // The account is made (or its password changed) with its code, once the limits let the code go:
    // a sign-up refused with 429 leaves nothing behind.
    await requestCode(ctx, phone, 'register', {
      code: async (code, expiresAt) => {
        if (user) {
          await strapi
            .documents(USER_UID)
            .update({ documentId: user.documentId, data: { password, language, ...withEmail } });
        } else {
          // The username must be unique; an old account may still carry this number as its username.
          const usernameTaken = await users().findOne({ where: { username: phone }, select: ['id'] });
          user = await newSeeker({
            username: usernameTaken ? `${phone}#${opaqueId().slice(0, 8)}` : phone,
            ...withEmail,
            phone,
            password,
            language,
          });
        }
        await texts().code(phone, 'register', code, expiresAt, language);
      },
    });
    return answer(user!.documentId);
  }

  /** A code by text: to sign up, to sign in instead of the password, or to set a new password. */
  async function requestTextedCode(ctx: Context, phone: string, purpose: OtpPurpose) {
    await assertCanText(phone);
    const user = await findByPhone(phone);
    const usable =
      purpose === 'register'
        ? Boolean(user && !user.confirmed && !user.blocked)
        : Boolean(user?.confirmed && !user.blocked && authUser(user).role === 'user');
    await requestCode(
      ctx,
      phone,
      purpose,
      usable
        ? textedCode(phone, purpose as 'register' | 'login' | 'reset', knownLanguage(user?.language))
        : null,
    );
    ctx.body = { message: MESSAGES.codeTexted };
  }

  /** Sign-in with a number and the code texted to it, in place of the password. */
  async function loginByCode(ctx: Context, phone: string, code: string) {
    try {
      await otp().verify(phone, code, clientNetwork(ctx), 'login');
    } catch (error) {
      if (error instanceof GoneError) return ctx.gone(error.message);
      throw error;
    }
    const user = await findByPhone(phone);
    if (!user?.confirmed || authUser(user).role !== 'user') throw httpError(401, MESSAGES.invalidOtp);
    if (user.blocked) throw httpError(403, MESSAGES.accountBlocked);
    // A right code proves the phone, as a reset does the mailbox: a password lock on it is lifted.
    await limiter().clear(signInFailuresKey(phone));
    const token = await sessions().start(ctx, user);
    ctx.body = { token, ...authUser(user), language: knownLanguage(user.language) };
  }

  return {
    async signup(ctx: Context) {
      // Only the e-mail or number and the password are read: a `role` or anything else is ignored.
      const input = parseInput(signupSchema, ctx.request.body);
      if (input.phone) return signupByPhone(ctx, input.phone, input.password, input.language, input.email);
      const { password, language = DEFAULT_LANGUAGE } = input;
      const email = input.email as string;
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
      // As by number: the account is made (or restarted) with its code, so a 429 leaves nothing behind.
      await requestCode(ctx, email, 'register', {
        code: async (code, expiresAt) => {
          if (user) {
            // Signing up again restarts verification with the new password (and the new page's language).
            await strapi
              .documents(USER_UID)
              .update({ documentId: user.documentId, data: { password, language } });
          } else {
            user = await newSeeker({ username: email, email, password, language });
          }
          await accountMail().registrationCode(email, code, expiresAt);
        },
      });
      return await answer(user!.documentId);
    },

    async requestOtp(ctx: Context) {
      const body = parseInput(otpRequestSchema, ctx.request.body);
      const purpose = otpPurpose(body);
      if (purpose === 'phone') throw new errors.ValidationError(MESSAGES.phoneChangeNeedsCode);
      if (body.phone && !body.email) return requestTextedCode(ctx, body.phone, purpose);
      if (purpose === 'login') throw new errors.ValidationError(MESSAGES.loginCodeByTextOnly);
      const email = body.email as string;
      const user = await findByEmail(email);
      // A code is only delivered where it can be used; the answer is the same either way.
      const usable =
        purpose === 'register'
          ? Boolean(user && !user.confirmed && !user.blocked)
          : Boolean(user?.confirmed && !user.blocked);
      await requestCode(
        ctx,
        email,
        purpose,
        usable ? (purpose === 'register' ? registrationCode(email) : resetCode(email)) : null,
      );
      ctx.body = (await emailDelayed())
        ? { message: MESSAGES.codeOnItsWay, emailDelayed: true }
        : { message: MESSAGES.otpSent };
    },

    async verifyOtp(ctx: Context) {
      const input = parseInput(otpVerifySchema, ctx.request.body);
      const { userOtp, purpose } = input;
      const address = identityOf(input);
      // Sign-in and new-number codes are checked where they are used (POST /login, /profile/phone/verify).
      if (purpose === 'login' || purpose === 'phone') throw new errors.ValidationError(MESSAGES.invalidOtp);
      let verified: OtpPurpose;
      try {
        verified = await otp().verify(address, userOtp, clientNetwork(ctx), purpose ?? ['register', 'reset']);
      } catch (error) {
        if (error instanceof GoneError) return ctx.gone(error.message);
        throw error;
      }

      const user = await findByIdentity(input);
      if (verified === 'reset') {
        ctx.body = { message: MESSAGES.otpVerified };
        return;
      }
      if (!user || user.blocked) throw new errors.ValidationError(MESSAGES.invalidOtp);
      const data: Record<string, unknown> = {};
      if (!user.confirmed) data.confirmed = true;
      if (input.phone && !input.email && !user.phoneVerifiedAt) {
        // A number verified by another account since this sign-up began stays that account's.
        if (await phoneTakenBy(input.phone, user.id)) throw httpError(409, MESSAGES.phoneTaken);
        data.phoneVerifiedAt = clock().now();
      }
      if (Object.keys(data).length) await users().update({ where: { id: user.id }, data });
      const token = await sessions().start(ctx, user);
      ctx.body = { token, ...authUser(user), language: knownLanguage(user.language) };
    },

    async forgotPassword(ctx: Context) {
      const input = parseInput(forgotPasswordSchema, ctx.request.body);
      const { newPassword } = input;
      const address = identityOf(input);
      const user = await findByIdentity(input);
      if (!user || !(await otp().consumeVerifiedReset(address))) {
        throw httpError(403, MESSAGES.resetNotVerified);
      }
      await setPassword(user, newPassword);
      await sessions().endAll(user.id);
      // Proving the mailbox (or the phone) lifts a sign-in lock, so the owner can sign in at once.
      await limiter().clear(signInFailuresKey(address));
      ctx.body = { message: MESSAGES.passwordResetDone };
    },

    async login(ctx: Context) {
      const input = parseInput(loginSchema, ctx.request.body);
      const { isAdminLogin } = input;
      if (input.password === undefined) return loginByCode(ctx, input.phone as string, input.code as string);
      const password = input.password;
      const email = identityOf(input);
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

      const found = await findByIdentity(input);
      // Staff sign in with their e-mail only: a number never opens a staff account.
      const user = input.phone && found && authUser(found).role !== 'user' ? null : found;
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
        throw httpError(403, input.phone ? MESSAGES.verifyPhoneWithCode : MESSAGES.verifyEmailWithCode);
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
      const current = ctx.state.user;
      const data: Record<string, unknown> = {};
      for (const key of ['fullName', 'phone', 'location'] as const)
        if (key in changes) data[key] = changes[key] ?? null;
      for (const key of [
        'emailNotifications',
        'systemAlerts',
        'language',
        'smsEnabled',
        'smsAlerts',
        'viewingEmails',
        'messageEmails',
        'messageTexts',
      ] as const)
        if (changes[key] !== undefined) data[key] = changes[key];
      if ('phone' in data && data.phone !== (current.phone ?? null)) {
        // A number typed here is a contact number until its code comes back; an account known by its
        // number alone would lose its way in, so it changes numbers by a code (POST /profile/phone).
        if (!current.email) throw new errors.ValidationError(MESSAGES.phoneChangeNeedsCode);
        data.phoneVerifiedAt = null;
      }
      await users().update({ where: { id: ctx.state.user.id }, data });
      const user = await users().findOne({ where: { id: ctx.state.user.id }, populate: ['role'] });
      ctx.body = profileOf(user);
    },

    /** A signed-in account adds a mobile number (or changes it): a code is texted to the number. */
    async addPhone(ctx: SignedInContext) {
      const { phone } = parseInput(phoneAddSchema, ctx.request.body);
      await assertCanText(phone);
      const user = ctx.state.user;
      // A number another account holds gets no text, and the same answer.
      const free = !(await phoneTakenBy(phone, user.id));
      await requestCode(
        ctx,
        phone,
        'phone',
        free ? textedCode(phone, 'phone', knownLanguage(user.language)) : null,
      );
      ctx.body = { message: MESSAGES.codeTexted };
    },

    /** The code texted to the new number: it becomes the account's own, to sign in with and to get texts. */
    async verifyPhone(ctx: SignedInContext) {
      const { phone, code } = parseInput(phoneVerifySchema, ctx.request.body);
      try {
        await otp().verify(phone, code, clientNetwork(ctx), 'phone');
      } catch (error) {
        if (error instanceof GoneError) return ctx.gone(error.message);
        throw error;
      }
      const user = ctx.state.user;
      if (await phoneTakenBy(phone, user.id)) throw httpError(409, MESSAGES.phoneTaken);
      await users().update({
        where: { id: user.id },
        data: {
          phone,
          phoneVerifiedAt: clock().now(),
          smsEnabled: true,
          smsAlerts: true,
          messageTexts: true,
        },
      });
      const updated = await users().findOne({ where: { id: user.id }, populate: ['role'] });
      ctx.body = profileOf(updated);
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
