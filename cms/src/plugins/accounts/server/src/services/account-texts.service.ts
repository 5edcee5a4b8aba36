import type { Core } from '@strapi/strapi';
import {
  codeText,
  knownLanguage,
  normaliseGhanaMobile,
  stoppedText,
  type Language,
  type SmsCodePurpose,
} from '@fie/domain';
import { getService as platformService } from '../../../../platform/server/src/get-service';

const USER_UID = 'plugin::users-permissions.user';

/** The countries texts may go to (SMS_COUNTRIES, calling codes: "+233" unless set). */
export function textCountries(): string[] {
  return (process.env.SMS_COUNTRIES || '+233')
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean)
    .map((code) => (code.startsWith('+') ? code : `+${code}`));
}

/**
 * The account texts: codes, and the reply to STOP. Like the account e-mails they go through the
 * outbox (a code's text sealed until sent, and not sent once the code has expired), in the account's
 * language, and carry only server-made words.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const outbox = () => platformService(strapi, 'outbox');

  /** The language of the account that holds `phone`, else the one the request named, else English. */
  const languageFor = async (phone: string, fallback?: Language): Promise<Language> => {
    const user = await strapi.db.query(USER_UID).findOne({ where: { phone }, select: ['language'] });
    return knownLanguage(user?.language ?? fallback);
  };

  const service = {
    /** True when a code may be texted to `phone`: texts are on and its country is one we text. */
    canText(phone: string): boolean {
      return (
        platformService(strapi, 'sms').enabled() && textCountries().some((code) => phone.startsWith(code))
      );
    },

    async code(phone: string, purpose: SmsCodePurpose, code: string, expiresAt: Date, language?: Language) {
      await outbox().enqueueTexts([
        {
          to: phone,
          text: codeText(await languageFor(phone, language), purpose, code),
          kind: 'code',
          secret: true,
          discardAfter: expiresAt,
        },
      ]);
    },

    /**
     * A text from a phone. STOP (in any case, alone) turns texts off for the account that holds the
     * number, and the reply says so; anything else is not for us to answer.
     */
    async inbound(from: string, text: string) {
      if (!/^\s*(stop|stopall|unsubscribe|arret|arrêt|baja)\s*$/i.test(text)) return;
      const phone = normaliseGhanaMobile(from.startsWith('+') ? from : `+${from}`);
      if (!phone) return;
      const user = await strapi.db.query(USER_UID).findOne({
        where: { phone, phoneVerifiedAt: { $notNull: true } },
        select: ['id', 'language', 'smsEnabled'],
      });
      if (!user) return;
      await strapi.db.transaction(async () => {
        await strapi.db.query(USER_UID).update({ where: { id: user.id }, data: { smsEnabled: false } });
        // The reply is the last text this number gets until its owner turns texts on again.
        await outbox().enqueueTexts([
          { to: phone, text: stoppedText(knownLanguage(user.language)), kind: 'stop' },
        ]);
      });
      strapi.log.info(`[fie] sms: texts turned off by STOP from an account's number`);
    },
  };
  return service;
};
