/*
 * Threat model for e-mailed codes.
 *
 * A 4-digit code has 10,000 values. Each code allows 5 tries, and an address receives at most 5 codes
 * of a purpose an hour, so an attacker gets at most 25 guesses an hour at one address's codes: about
 * 0.25 % an hour. Per network address, 20 code requests and 30 code checks an hour cap spraying many
 * addresses at once. Every counter and every try is reserved in one atomic statement before the
 * guess is compared, so parallel requests cannot slip past a limit.
 *
 * The attacker must not be able to lock the owner out, nor void the owner's codes:
 * - codes are per purpose (register, reset): a request only ever replaces the previous code of its
 *   own purpose, and only after the 60 s resend wait;
 * - a request that sends nothing (no account for that purpose) touches none of the address's codes
 *   or quota: it is throttled on counters of its own, so the answers still look alike;
 * - wrong codes are counted per address *and purpose*: 15 a day lock that purpose and the owner is
 *   e-mailed once. A register lock holds for the day. A reset lock voids the open reset code, but a
 *   reset code e-mailed afterwards gets its own 5 tries: it reaches only the owner's mailbox, and the
 *   hourly code quota and per-network limits still bound the guessing.
 *
 * Codes sent by text (the address is then a mobile number in E.164) live 10 minutes and have limits of
 * their own besides these, because each text costs money and bots request texts to costly numbers to
 * take a share ("SMS pumping"): per number an hour and a day, per network address, and per block of
 * 10,000 numbers (the last four digits dropped), each counted before anything is sent.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  MESSAGES,
  OTP_CHECKS_PER_IP_PER_HOUR,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_MAX_FAILURES_PER_DAY,
  OTP_MAX_PER_HOUR,
  OTP_REQUESTS_PER_IP_PER_HOUR,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
  RESET_VERIFIED_TTL_SECONDS,
  SMS_CODE_TTL_SECONDS,
  SMS_CODES_PER_NETWORK_PER_HOUR,
  SMS_CODES_PER_NUMBER_PER_DAY,
  SMS_CODES_PER_NUMBER_PER_HOUR,
  SMS_CODES_PER_PREFIX_PER_HOUR,
  type OtpPurpose,
} from '@fie/domain';
import { TooManyRequestsError } from '../../../../../shared/too-many-requests-error';
import { rawRows } from '../../../../../shared/raw-rows';
import { getService } from '../get-service';
import { getService as platformService } from '../../../../platform/server/src/get-service';

const UID = 'plugin::accounts.otp-code';
const TABLE = 'otp_codes';
const HOUR = 3600;
const DAY = 86_400;
export type { OtpPurpose };

/** What a code request sends: the code itself, a notice without a code, or nothing. */
export type Delivery =
  | { code: (code: string, expiresAt: Date) => Promise<void> }
  | { notice: () => Promise<void> }
  | null;

export class GoneError extends errors.ApplicationError {
  constructor(message: string) {
    super(message);
  }
}

const inMinutes = (seconds: number) => `${Math.ceil(seconds / 60)} minutes`;

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const now = () => platformService(strapi, 'clock').now();
  const limiter = () => platformService(strapi, 'rate-limit');
  const lockouts = () => getService(strapi, 'lockouts');

  // Keyed by a server secret, so a leaked table cannot be brute-forced offline.
  const hash = (email: string, purpose: OtpPurpose, code: string) =>
    createHmac('sha256', String(strapi.config.get('plugin::users-permissions.jwtSecret')))
      .update(`${email}\n${purpose}\n${code}`)
      .digest('hex');

  /**
   * Takes one of the code's tries, or none when they are used up or the code is closed. A code
   * whose tries are used up stays the newest of its purpose, so later guesses are told to ask for
   * a new code without being compared.
   */
  async function reserveTry(id: number, t: Date): Promise<number | null> {
    const result = await strapi.db.connection.raw(
      `UPDATE ${TABLE} SET attempts = attempts + 1, updated_at = ? WHERE id = ? AND attempts < ? AND closed_at IS NULL RETURNING attempts`,
      [t, id, OTP_MAX_ATTEMPTS],
    );
    const row = rawRows<{ attempts: number | string }>(result)[0];
    return row ? Number(row.attempts) : null;
  }

  const closeOpen = (email: string, purpose: OtpPurpose, t: Date, exceptId?: number) =>
    strapi.db.query(UID).updateMany({
      where: { email, purpose, closedAt: null, ...(exceptId ? { id: { $ne: exceptId } } : {}) },
      data: { closedAt: t },
    });

  /**
   * The texts' own limits, each taking its place before anything is sent. Counted for requests that
   * send nothing too (on counters of their own per number, as the codes' are), so the answers do not
   * tell which numbers have accounts; the network's and the block's counts are shared.
   */
  async function textLimits(number: string, ip: string, stream: 'sent' | 'unsent') {
    const checks: Array<[string, number, number, string]> = [
      [
        `sms:network:${ip}`,
        HOUR,
        SMS_CODES_PER_NETWORK_PER_HOUR,
        'Too many texts requested from your network.',
      ],
      [
        `sms:prefix:${number.slice(0, -4)}`,
        HOUR,
        SMS_CODES_PER_PREFIX_PER_HOUR,
        'Too many texts requested right now.',
      ],
      [
        `sms:${stream}:hour:${number}`,
        HOUR,
        SMS_CODES_PER_NUMBER_PER_HOUR,
        'Too many codes sent to this number.',
      ],
      [
        `sms:${stream}:day:${number}`,
        DAY,
        SMS_CODES_PER_NUMBER_PER_DAY,
        'Too many codes sent to this number today.',
      ],
    ];
    const taken: string[] = [];
    for (const [key, window, limit, why] of checks) {
      const hit = await limiter().hit(key, window);
      taken.push(key);
      if (hit.count > limit) {
        // Places taken by this request in the other counts are given back: it sends nothing.
        for (const other of taken) if (other !== key) await limiter().release(other);
        throw new TooManyRequestsError(
          `${why} Please try again in ${inMinutes(hit.retryAfterSeconds)}, or use your e-mail address.`,
          hit.retryAfterSeconds,
        );
      }
    }
  }

  return {
    /**
     * A code request from network address `ip`; `byText` when `email` is a mobile number the code
     * goes to by text (whatever this request sends, so the limits are the same for every number). `sent` counters hold the address's real quota
     * (codes actually e-mailed for the purpose); requests that e-mail no code count on `unsent`
     * counters, which look the same from outside but never touch the owner's codes or quota.
     * The e-mail goes to the outbox with its code, so the answer does not wait for the mail server;
     * when the mail server is away it is sent on its return (see `delayed` in the platform plugin's
     * outbox.service.ts).
     */
    async request(
      email: string,
      purpose: OtpPurpose,
      ip: string,
      delivery: Delivery,
      options: { byText?: boolean } = {},
    ): Promise<void> {
      const network = await limiter().hit(`otp:requests:ip:${ip}`, HOUR);
      if (network.count > OTP_REQUESTS_PER_IP_PER_HOUR) {
        throw new TooManyRequestsError(
          `Too many code requests from your network. Please try again in ${inMinutes(network.retryAfterSeconds)}.`,
          network.retryAfterSeconds,
        );
      }
      const stream = delivery && 'code' in delivery ? 'sent' : 'unsent';
      const byText = options.byText === true;
      const waitKey = `otp:${stream}:wait:${purpose}:${email}`;
      const hourKey = `otp:${stream}:hour:${purpose}:${email}`;
      const wait = await limiter().hit(waitKey, OTP_RESEND_SECONDS);
      if (wait.count > 1) {
        throw new TooManyRequestsError(
          `Please wait ${wait.retryAfterSeconds} seconds before requesting a new code.`,
          wait.retryAfterSeconds,
        );
      }
      const hourly = await limiter().hit(hourKey, HOUR);
      if (hourly.count > OTP_MAX_PER_HOUR) {
        await limiter().release(waitKey);
        throw new TooManyRequestsError(
          `Too many codes requested. Please try again in ${inMinutes(hourly.retryAfterSeconds)}.`,
          hourly.retryAfterSeconds,
        );
      }
      if (byText) {
        try {
          await textLimits(email, ip, stream);
        } catch (error) {
          await limiter().release(waitKey);
          await limiter().release(hourKey);
          throw error;
        }
      }
      if (!delivery) return;

      const t = now();
      try {
        if ('notice' in delivery) {
          await delivery.notice();
          return;
        }
        // The code, its e-mail (in the outbox) and the closing of the previous code of this purpose
        // are kept together or not at all.
        await strapi.db.transaction(async () => {
          const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
          const ttl = byText ? SMS_CODE_TTL_SECONDS : OTP_TTL_SECONDS;
          const expiresAt = new Date(t.getTime() + ttl * 1000);
          const created = await strapi.db.query(UID).create({
            data: {
              email,
              purpose,
              codeHash: hash(email, purpose, code),
              expiresAt,
              attempts: 0,
              createdAt: t,
            },
          });
          await delivery.code(code, expiresAt);
          await closeOpen(email, purpose, t, created.id);
        });
      } catch (error) {
        // Nothing was kept, so the places this request reserved are given back.
        await limiter().release(waitKey);
        await limiter().release(hourKey);
        throw error;
      }
    },

    /** Checks a code from network address `ip`; on success closes it and returns its purpose. */
    async verify(
      email: string,
      code: string,
      ip: string,
      purpose: OtpPurpose | OtpPurpose[] = ['register', 'reset'],
    ): Promise<OtpPurpose> {
      const t = now();
      const networkKey = `otp:checks:ip:${ip}`;
      const network = await limiter().hit(networkKey, HOUR);
      if (network.count > OTP_CHECKS_PER_IP_PER_HOUR) {
        throw new TooManyRequestsError(
          `Too many codes tried from your network. Please try again in ${inMinutes(network.retryAfterSeconds)}.`,
          network.retryAfterSeconds,
        );
      }

      const row = await strapi.db.query(UID).findOne({
        where: { email, closedAt: null, purpose: Array.isArray(purpose) ? { $in: purpose } : purpose },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      });
      if (!row) throw new errors.ValidationError(MESSAGES.invalidOtp);
      if (new Date(row.expiresAt) <= t) throw new GoneError(MESSAGES.expiredOtp);

      const attempts = await reserveTry(row.id, t);
      if (attempts === null) throw new errors.ValidationError(MESSAGES.otpNoLongerValid);
      const failuresKey = `otp:failures:${row.purpose}:${email}`;
      const failures = await limiter().hit(failuresKey, DAY);
      if (row.purpose === 'register' && failures.count > OTP_MAX_FAILURES_PER_DAY) {
        throw new TooManyRequestsError(
          'Too many wrong codes for this address today. Please try again tomorrow.',
          failures.retryAfterSeconds,
        );
      }

      const expected = Buffer.from(row.codeHash, 'hex');
      const given = Buffer.from(hash(email, row.purpose, code), 'hex');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        if (failures.count === OTP_MAX_FAILURES_PER_DAY) {
          await closeOpen(email, row.purpose, t);
          // The owner of an e-mail address is told of the lock; a number is not sent a text for it.
          if (row.purpose === 'register' || row.purpose === 'reset')
            lockouts().codesLocked(
              email,
              row.purpose,
              new Date(t.getTime() + failures.retryAfterSeconds * 1000),
            );
        }
        throw new errors.ValidationError(
          attempts >= OTP_MAX_ATTEMPTS
            ? 'Too many wrong codes. Please request a new one.'
            : MESSAGES.invalidOtp,
        );
      }

      // Single use even against a parallel right guess: only the request that closes the code wins.
      const closed = await strapi.db
        .connection(TABLE)
        .where({ id: row.id })
        .whereNull('closed_at')
        .update({ closed_at: t, updated_at: t, ...(row.purpose === 'reset' ? { verified_at: t } : {}) });
      if (closed !== 1) throw new errors.ValidationError(MESSAGES.otpNoLongerValid);
      await limiter().release(failuresKey);
      await limiter().release(networkKey);
      return row.purpose;
    },

    /** True when a reset code for the address was verified in the last 15 minutes and not yet used; marks it used. */
    async consumeVerifiedReset(email: string): Promise<boolean> {
      const t = now();
      const row = await strapi.db.query(UID).findOne({
        where: {
          email,
          purpose: 'reset',
          verifiedAt: { $gt: new Date(t.getTime() - RESET_VERIFIED_TTL_SECONDS * 1000) },
          resetUsedAt: null,
        },
        orderBy: { verifiedAt: 'desc' },
      });
      if (!row) return false;
      // One verification allows one reset, also when two requests arrive together.
      const used = await strapi.db
        .connection(TABLE)
        .where({ id: row.id })
        .whereNull('reset_used_at')
        .update({ reset_used_at: t, updated_at: t });
      return used === 1;
    },
  };
};
