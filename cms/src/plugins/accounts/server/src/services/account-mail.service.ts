import type { Core } from '@strapi/strapi';
import { OTP_TTL_SECONDS } from '@fie/domain';
import { getService as platformService } from '../../../../platform/server/src/get-service';

const minutes = Math.round(OTP_TTL_SECONDS / 60);

/** e.g. "22 November 2026 at 15:04 (Accra time)". */
const accraTime = (at: Date) =>
  `${new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Africa/Accra',
  })
    .format(at)
    .replace(', ', ' at ')} (Accra time)`;

/**
 * The account e-mails (codes, locks, password changes), in the platform's branded layout and sent
 * through its outbox. Only server-made text goes into them, never anything a client sent.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const mailer = () => platformService(strapi, 'mailer');
  const layout: ReturnType<typeof mailer>['layoutFor'] = (...args) => mailer().layoutFor(...args);

  return {
    /** A code's e-mail is not worth sending once the code has expired. */
    async registrationCode(to: string, code: string, expiresAt: Date) {
      const b = await mailer().brand();
      await mailer().send(
        to,
        `Your ${b.name} verification code: ${code}`,
        layout(
          b,
          'Confirm your e-mail address',
          [
            `Enter this code to finish creating your ${b.name} account. It is valid for ${minutes} minutes and can be used once.`,
            'If you did not sign up, you can ignore this e-mail: the account cannot be used without the code.',
          ],
          code,
        ),
        // The code is in the subject and the bodies: kept encrypted in the outbox until sent.
        { discardAfter: expiresAt, secret: true },
      );
    },

    async resetCode(to: string, code: string, requestedAt: Date, expiresAt: Date) {
      const b = await mailer().brand();
      await mailer().send(
        to,
        `Your ${b.name} password reset code: ${code}`,
        layout(
          b,
          'A password reset was requested',
          [
            `Someone asked to reset the password of your ${b.name} account on ${accraTime(requestedAt)}.`,
            `If it was you, enter this code to choose a new password. It is valid for ${minutes} minutes and can be used once.`,
            `If it was not you, ignore this e-mail: your password stays the same. If it keeps happening, contact us at ${b.supportEmail}.`,
          ],
          code,
        ),
        // The code is in the subject and the bodies: kept encrypted in the outbox until sent.
        { discardAfter: expiresAt, secret: true },
      );
    },

    async alreadyRegistered(to: string) {
      const b = await mailer().brand();
      await mailer().send(
        to,
        `You already have a ${b.name} account`,
        layout(b, 'You already have an account', [
          `Someone tried to create a ${b.name} account with this e-mail address, which already has one.`,
          `If it was you, sign in at ${b.siteUrl}/login, or reset your password at ${b.siteUrl}/forgot-password.`,
          'If it was not you, you can ignore this e-mail; nothing has changed.',
        ]),
      );
    },

    async signInLocked(to: string, until: Date) {
      const b = await mailer().brand();
      await mailer().send(
        to,
        `Sign-in to your ${b.name} account is paused`,
        layout(b, 'Too many wrong passwords', [
          `Someone entered a wrong password for your ${b.name} account 5 times, so signing in with a password is paused until ${accraTime(until)}.`,
          `If it was you, you can lift the pause at once: reset your password at ${b.siteUrl}/forgot-password and sign in with the new one.`,
          `If it was not you, your password still protects the account. If it keeps happening, contact us at ${b.supportEmail}.`,
        ]),
      );
    },

    async codesLocked(to: string, purpose: 'register' | 'reset', until: Date) {
      const b = await mailer().brand();
      const paragraphs =
        purpose === 'reset'
          ? [
              `Someone entered 15 wrong password reset codes for your ${b.name} account today, so the open reset code was cancelled.`,
              `If you want to reset your password, request a new code at ${b.siteUrl}/forgot-password: it is sent only to this address and works as usual.`,
            ]
          : [
              `Someone entered 15 wrong verification codes for a ${b.name} sign-up with this address today, so sign-up codes are paused until ${accraTime(until)}.`,
              'If it was not you, you can ignore this e-mail: the account cannot be used without a code.',
            ];
      await mailer().send(
        to,
        `Codes for your ${b.name} account are paused`,
        layout(b, 'Too many wrong codes', [
          ...paragraphs,
          `If it keeps happening, contact us at ${b.supportEmail}.`,
        ]),
      );
    },

    async passwordChanged(to: string, at: Date) {
      const b = await mailer().brand();
      await mailer().send(
        to,
        `Your ${b.name} password was changed`,
        layout(b, 'Your password was changed', [
          `The password of your ${b.name} account was changed on ${accraTime(at)}, and every device was signed out.`,
          `If you did not do this, reset your password at ${b.siteUrl}/forgot-password and contact us at ${b.supportEmail}.`,
        ]),
      );
    },
  };
};
