import type { Core } from '@strapi/strapi';
import { fill, OTP_TTL_SECONDS } from '@fie/domain';
import { ACCOUNT_MAIL_TEXT, type AccountMailKey } from '../account-mail-text';
import { accountLanguage, accraMoment } from '../../../../../shared/mail-language';
import { getService as platformService } from '../../../../platform/server/src/get-service';

const minutes = Math.round(OTP_TTL_SECONDS / 60);

/**
 * The account e-mails (codes, locks, password changes), in the platform's branded layout and sent
 * through its outbox, each in the language of the account it goes to (English for an address with
 * none). Only server-made text goes into them, never anything a client sent.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const mailer = () => platformService(strapi, 'mailer');

  /** The brand, the account's language and its texts filled with the values every e-mail shares. */
  const writerFor = async (to: string) => {
    const b = await mailer().brand();
    const language = await accountLanguage(strapi, to);
    const shared = {
      brand: b.name,
      minutes,
      support: b.supportEmail,
      login: `${b.siteUrl}/login`,
      reset: `${b.siteUrl}/forgot-password`,
    };
    const t = (key: AccountMailKey, values: Record<string, string> = {}) =>
      fill(ACCOUNT_MAIL_TEXT[language][key], { ...shared, ...values });
    const when = (at: Date) => accraMoment(at, language);
    const layout = (title: string, paragraphs: string[], highlight?: string) =>
      mailer().layoutFor(b, title, paragraphs, highlight, language);
    return { t, when, layout };
  };

  return {
    /** A code's e-mail is not worth sending once the code has expired. */
    async registrationCode(to: string, code: string, expiresAt: Date) {
      const { t, layout } = await writerFor(to);
      await mailer().send(
        to,
        t('registrationSubject', { code }),
        layout(t('registrationTitle'), [t('registrationUse'), t('registrationNotYou')], code),
        // The code is in the subject and the bodies: kept encrypted in the outbox until sent.
        { discardAfter: expiresAt, secret: true },
      );
    },

    async resetCode(to: string, code: string, requestedAt: Date, expiresAt: Date) {
      const { t, when, layout } = await writerFor(to);
      await mailer().send(
        to,
        t('resetSubject', { code }),
        layout(
          t('resetTitle'),
          [t('resetAsked', { when: when(requestedAt) }), t('resetUse'), t('resetNotYou')],
          code,
        ),
        // The code is in the subject and the bodies: kept encrypted in the outbox until sent.
        { discardAfter: expiresAt, secret: true },
      );
    },

    async alreadyRegistered(to: string) {
      const { t, layout } = await writerFor(to);
      await mailer().send(
        to,
        t('alreadySubject'),
        layout(t('alreadyTitle'), [t('alreadyTried'), t('alreadyYou'), t('alreadyNotYou')]),
      );
    },

    async signInLocked(to: string, until: Date) {
      const { t, when, layout } = await writerFor(to);
      await mailer().send(
        to,
        t('signInLockedSubject'),
        layout(t('signInLockedTitle'), [
          t('signInLockedWhat', { when: when(until) }),
          t('signInLockedYou'),
          t('signInLockedNotYou'),
        ]),
      );
    },

    async codesLocked(to: string, purpose: 'register' | 'reset', until: Date) {
      const { t, when, layout } = await writerFor(to);
      const paragraphs =
        purpose === 'reset'
          ? [t('codesLockedReset'), t('codesLockedResetAgain')]
          : [t('codesLockedRegister', { when: when(until) }), t('codesLockedRegisterNotYou')];
      await mailer().send(
        to,
        t('codesLockedSubject'),
        layout(t('codesLockedTitle'), [...paragraphs, t('keepsHappening')]),
      );
    },

    async passwordChanged(to: string, at: Date) {
      const { t, when, layout } = await writerFor(to);
      await mailer().send(
        to,
        t('passwordChangedSubject'),
        layout(t('passwordChangedTitle'), [
          t('passwordChangedWhat', { when: when(at) }),
          t('passwordChangedNotYou'),
        ]),
      );
    },
  };
};
