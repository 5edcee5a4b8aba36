// Dates in a page's language, in Accra time: "3 November 2026", "3 novembre 2026", "3 de noviembre de 2026".
import { format } from 'date-fns';
import { es, fr } from 'date-fns/locale';
import type { Language } from '@fie/domain';
import { accraDay } from '../lib/accra-day';

const LOCALES = { en: undefined, fr, es } as const;
const LONG_DATE: Record<Language, string> = {
  en: 'd MMMM yyyy',
  fr: 'd MMMM yyyy',
  es: "d 'de' MMMM 'de' yyyy",
};

/** An instant's Africa/Accra date, written out in `language`. */
export function accraDateIn(language: Language, instant: Date | string): string {
  return format(accraDay(new Date(instant)), LONG_DATE[language], { locale: LOCALES[language] });
}
