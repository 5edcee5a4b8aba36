import type { Core } from '@strapi/strapi';
import { fill, knownLanguage, type Language } from '@fie/domain';

/**
 * The language of the account at `email` (English for an address without an account or a choice):
 * read when an e-mail is written, so a sign-up's code follows the page it came from and a booking's
 * confirmation follows the seeker's settings.
 */
export async function accountLanguage(strapi: Core.Strapi, email: string): Promise<Language> {
  const user = await strapi.db
    .query('plugin::users-permissions.user')
    .findOne({ where: { email }, select: ['language'] });
  return knownLanguage(user?.language);
}

/** The locale whose month and day names and word order each language's dates use. */
const DATE_LOCALE: Record<Language, string> = { en: 'en-GB', fr: 'fr-FR', es: 'es-ES' };

/** A moment and its Accra clock time, as each language writes it in a sentence. */
export const AT_ACCRA_TIME: Readonly<Record<Language, { atAccraTime: string }>> = {
  en: { atAccraTime: '{date} at {time} (Accra time)' },
  fr: { atAccraTime: '{date} à {time} (heure d’Accra)' },
  es: { atAccraTime: '{date} a las {time} (hora de Acra)' },
};

/** A date in Accra: "22 November 2026", or with its weekday "Monday 9 March 2026", "lundi 9 mars 2026". */
export function accraDate(at: Date, language: Language, { weekday = false } = {}): string {
  return new Intl.DateTimeFormat(DATE_LOCALE[language], {
    ...(weekday ? { weekday: 'long' as const } : {}),
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Africa/Accra',
  }).format(at);
}

/** "{date} at {time} (Accra time)" in the language; `time` is an Accra clock time ("15:04"). */
export const atAccraTime = (date: string, time: string, language: Language) =>
  fill(AT_ACCRA_TIME[language].atAccraTime, { date, time });

/** e.g. "22 November 2026 at 15:04 (Accra time)", "22 novembre 2026 à 15:04 (heure d’Accra)". */
export function accraMoment(at: Date, language: Language): string {
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Africa/Accra',
  }).format(at);
  return atAccraTime(accraDate(at, language), time, language);
}

/** A site path in `language`: English at `/…`, French at `/fr/…`, Spanish at `/es/…`. */
export const sitePathIn = (language: Language, path: string): string =>
  language === 'en' ? path : `/${language}${path === '/' ? '/' : path}`;
