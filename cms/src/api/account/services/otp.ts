import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { MESSAGES, OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_MAX_PER_HOUR, OTP_RESEND_SECONDS, OTP_TTL_SECONDS, RESET_VERIFIED_TTL_SECONDS } from '@fie/domain';

const UID = 'api::account.otp-code';
export type OtpPurpose = 'register' | 'reset';

// A 4-digit code has about 13 bits: besides 5 tries per code, an address gets at most this many
// wrong tries a day across all its codes.
export const OTP_MAX_FAILURES_PER_DAY = 15;

export class TooManyRequestsError extends errors.RateLimitError {
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(message, { retryAfter: retryAfterSeconds });
  }
}

export class GoneError extends errors.ApplicationError {
  constructor(message: string) {
    super(message);
  }
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const now = () => strapi.service('api::account.clock').now() as Date;
  const limiter = () => strapi.service('api::account.rate-limit');

  // Keyed by a server secret, so a leaked table cannot be brute-forced offline.
  const hash = (email: string, purpose: OtpPurpose, code: string) =>
    createHmac('sha256', String(strapi.config.get('plugin::users-permissions.jwtSecret')))
      .update(`${email}\n${purpose}\n${code}`)
      .digest('hex');

  return {
    /**
     * Opens a new code for the address, closing any open one. Limits apply whether or not the
     * address has an account, so the answers do not reveal which addresses are registered.
     * Returns the code; the caller decides whether to e-mail it.
     */
    async issue(email: string, purpose: OtpPurpose): Promise<string> {
      const t = now();
      const recent = await strapi.db.query(UID).findMany({
        where: { email, createdAt: { $gt: new Date(t.getTime() - 3_600_000) } },
        orderBy: { createdAt: 'desc' },
        select: ['id', 'createdAt'],
      });
      const last = recent[0];
      if (last) {
        const waited = (t.getTime() - new Date(last.createdAt).getTime()) / 1000;
        if (waited < OTP_RESEND_SECONDS) {
          const wait = Math.ceil(OTP_RESEND_SECONDS - waited);
          throw new TooManyRequestsError(`Please wait ${wait} seconds before requesting a new code.`, wait);
        }
      }
      if (recent.length >= OTP_MAX_PER_HOUR) {
        const oldest = recent[recent.length - 1];
        const wait = Math.max(1, Math.ceil((new Date(oldest.createdAt).getTime() + 3_600_000 - t.getTime()) / 1000));
        throw new TooManyRequestsError(`Too many codes requested. Please try again in ${Math.ceil(wait / 60)} minutes.`, wait);
      }

      const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
      await strapi.db.transaction(async () => {
        await strapi.db.query(UID).updateMany({ where: { email, closedAt: null }, data: { closedAt: t } });
        await strapi.db.query(UID).create({
          data: { email, purpose, codeHash: hash(email, purpose, code), expiresAt: new Date(t.getTime() + OTP_TTL_SECONDS * 1000), attempts: 0, createdAt: t },
        });
      });
      return code;
    },

    /** Checks a code; on success closes it and returns its purpose. */
    async verify(email: string, code: string, purpose?: OtpPurpose): Promise<OtpPurpose> {
      const t = now();
      const failuresKey = `otp-failures:${email}`;
      const daily = await limiter().peek(failuresKey);
      if (daily.count >= OTP_MAX_FAILURES_PER_DAY) {
        throw new TooManyRequestsError('Too many wrong codes for this address today. Please try again tomorrow.', daily.retryAfterSeconds);
      }

      const row = await strapi.db.query(UID).findOne({
        where: { email, closedAt: null, ...(purpose ? { purpose } : {}) },
        orderBy: { createdAt: 'desc' },
      });
      if (!row) throw new errors.ValidationError(MESSAGES.invalidOtp);
      if (new Date(row.expiresAt) <= t) throw new GoneError(MESSAGES.expiredOtp);

      const expected = Buffer.from(row.codeHash, 'hex');
      const given = Buffer.from(hash(email, row.purpose, code), 'hex');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        const attempts = row.attempts + 1;
        await strapi.db.query(UID).update({ where: { id: row.id }, data: { attempts, ...(attempts >= OTP_MAX_ATTEMPTS ? { closedAt: t } : {}) } });
        await limiter().hit(failuresKey, 86_400);
        if (attempts >= OTP_MAX_ATTEMPTS) {
          throw new errors.ValidationError('Too many wrong codes. Please request a new one.');
        }
        throw new errors.ValidationError(MESSAGES.invalidOtp);
      }

      await strapi.db.query(UID).update({ where: { id: row.id }, data: { closedAt: t, ...(row.purpose === 'reset' ? { verifiedAt: t } : {}) } });
      return row.purpose;
    },

    /** Removes the newest code of the address (used when its e-mail could not be sent). */
    async withdrawLatest(email: string): Promise<void> {
      const row = await strapi.db.query(UID).findOne({ where: { email }, orderBy: { createdAt: 'desc' }, select: ['id'] });
      if (row) await strapi.db.query(UID).delete({ where: { id: row.id } });
    },

    /** True when a reset code for the address was verified in the last 15 minutes and not yet used; marks it used. */
    async consumeVerifiedReset(email: string): Promise<boolean> {
      const t = now();
      const row = await strapi.db.query(UID).findOne({
        where: { email, purpose: 'reset', verifiedAt: { $gt: new Date(t.getTime() - RESET_VERIFIED_TTL_SECONDS * 1000) }, resetUsedAt: null },
        orderBy: { verifiedAt: 'desc' },
      });
      if (!row) return false;
      await strapi.db.query(UID).update({ where: { id: row.id }, data: { resetUsedAt: t } });
      return true;
    },
  };
};
