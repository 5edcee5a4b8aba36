import type { Core } from '@strapi/strapi';
import {
  accraToday,
  codeText,
  knownLanguage,
  MESSAGES,
  normaliseGhanaMobile,
  stoppedText,
  type Language,
  type SmsCodePurpose,
  textBudgetShare,
} from '@fie/domain';
import { getService as platformService } from '../../../../platform/server/src/get-service';
import { getService } from '../get-service';
import { httpError } from '../../../../../shared/errors';
import { asIsoDate } from '../../../../../shared/raw-rows';

const USER_UID = 'plugin::users-permissions.user';
const OUTBOX = 'outbox_messages';

/** Today's texts: how many of each kind, in all, and how many the network reported failed. */
export interface TextsToday {
  byKind: Record<string, number>;
  total: number;
  failed: number;
  budget: number;
}

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

  const now = () => platformService(strapi, 'clock').now();
  /** The Accra day whose budget warning this process has seen taken (by itself or another). */
  let warnedOn: string | null = null;
  const budget = (): Promise<number> => strapi.service('api::system-setting.system').smsDailyBudget();

  const service = {
    /**
     * Today's texts by kind, from the outbox (which keeps a week of them), with the day's budget.
     * Every text written counts, sent or not yet: the budget is about what the day will cost.
     */
    async today(): Promise<TextsToday> {
      // Accra keeps GMT all year: its day starts at midnight UTC.
      const since = new Date(`${accraToday(now())}T00:00:00.000Z`);
      const [rows, daily] = await Promise.all([
        strapi.db
          .connection(OUTBOX)
          .where('channel', 'sms')
          .andWhere('created_at', '>=', since)
          .groupBy('kind')
          .select(
            'kind',
            strapi.db.connection.raw('count(*) as n'),
            strapi.db.connection.raw(
              "sum(case when delivery_status = 'failed' or failed_at is not null then 1 else 0 end) as failed",
            ),
          ) as Promise<Array<{ kind: string | null; n: number | string; failed: number | string | null }>>,
        budget(),
      ]);
      const byKind: Record<string, number> = {};
      let failed = 0;
      for (const r of rows) {
        byKind[r.kind ?? 'other'] = Number(r.n);
        failed += Number(r.failed ?? 0);
      }
      const total = Object.values(byKind).reduce((a, b) => a + b, 0);
      return { byKind, total, failed, budget: daily };
    },

    /**
     * For each of `phones`, when its latest code text (of the week the outbox keeps) failed: reported
     * undelivered by the network, or given up before it could be sent. A later code that went through
     * clears it. Staff see it on the seeker's row.
     */
    async codeTextFailures(phones: string[]): Promise<Map<string, Date>> {
      const failed = new Map<string, Date>();
      if (!phones.length) return failed;
      const rows: Array<{
        to_address: string;
        created_at: unknown;
        delivery_status: string | null;
        delivered_at: unknown;
        failed_at: unknown;
      }> = await strapi.db
        .connection(OUTBOX)
        .whereIn('to_address', phones)
        .andWhere({ channel: 'sms', kind: 'code' })
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .select('to_address', 'created_at', 'delivery_status', 'delivered_at', 'failed_at');
      const seen = new Set<string>();
      for (const row of rows) {
        if (seen.has(row.to_address)) continue;
        seen.add(row.to_address);
        if (row.delivery_status === 'failed' || row.failed_at)
          failed.set(
            row.to_address,
            new Date(asIsoDate(row.delivered_at ?? row.failed_at ?? row.created_at) ?? Date.now()),
          );
      }
      return failed;
    },

    /**
     * Before a code is promised by text: texts are on, the number's country is one we text, and the
     * day's budget is not spent (then codes go by e-mail only; viewings' texts still go).
     */
    async assertCodeAllowed(phone: string): Promise<void> {
      if (!service.canText(phone)) throw httpError(503, MESSAGES.textsUnavailable);
      const today = await service.today();
      await service.watchBudget(today);
      if (textBudgetShare(today).tone === 'spent') {
        strapi.log.warn(
          `[fie] sms: the day's budget of ${today.budget} texts is spent; code texts wait for tomorrow`,
        );
        throw httpError(503, MESSAGES.textsUnavailable);
      }
    },

    /**
     * Past the warning share of the day's budget, staff whose system alerts are on are e-mailed, once
     * a day however many processes see it (the first to count the day's mark sends it).
     */
    async watchBudget(today?: TextsToday): Promise<boolean> {
      const figures = today ?? (await service.today());
      const { percent, tone } = textBudgetShare(figures);
      const day = accraToday(now());
      // Once this process has seen the day's warning taken, later requests need not write the mark.
      if (tone === 'ok' || warnedOn === day) return false;
      warnedOn = day;
      const mark = await platformService(strapi, 'rate-limit').hit(`sms-budget-warned:${day}`, 2 * 86_400);
      if (mark.count !== 1) return false;
      await getService(strapi, 'staff-mail').send('alerts', {
        subject: `Texts: ${percent}% of today's budget used`,
        title: `${figures.total.toLocaleString('en-GB')} of ${figures.budget.toLocaleString('en-GB')} texts sent today`,
        lines: [
          `Today's texts have reached ${percent}% of the daily budget set in System settings.`,
          'At the budget, sign-in and sign-up codes stop going by text (codes by e-mail still work); viewing confirmations and reminders still go.',
          'Raise the budget in the back office under Settings › System if this is expected, or look for many code requests to unfamiliar numbers.',
        ],
      });
      return true;
    },

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
     * number (viewing texts and alert texts both), and the reply says so; anything else is not for us to answer.
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
        await strapi.db.query(USER_UID).update({
          where: { id: user.id },
          data: { smsEnabled: false, smsAlerts: false, messageTexts: false },
        });
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
