import { SMS_BUDGET_WARN_PERCENT } from './constants.js';
// Text messages: what a text costs in parts, and the wording of every text the service sends.
//
// A text is billed per part. In the GSM 03.38 default alphabet (GSM-7) one part holds 160 characters;
// a single character outside it (the cedi sign ₵, an emoji, a Spanish "á") turns the whole text into
// UCS-2, where a part holds only 70. Every template here is written to fit one GSM-7 part in each of
// the site's languages, and whatever a person typed (a listing's title) is folded into GSM-7 first.

/** The default alphabet, one septet each. */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** The extension table: each costs two septets (an escape, then the character). */
const GSM7_EXTENDED = '^{}\\[~]|€\f';

const BASIC = new Set(GSM7_BASIC);
const EXTENDED = new Set(GSM7_EXTENDED);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsSize {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  /** Parts the text is billed as: one up to 160 septets or 70 code units, else 153 or 67 each. */
  parts: number;
}

export function isGsm7(text: string): boolean {
  for (const ch of text) if (!BASIC.has(ch) && !EXTENDED.has(ch)) return false;
  return true;
}

export function smsSize(text: string): SmsSize {
  if (isGsm7(text)) {
    let units = 0;
    for (const ch of text) units += EXTENDED.has(ch) ? 2 : 1;
    return { encoding: 'GSM-7', units, parts: units <= 160 ? 1 : Math.ceil(units / 153) };
  }
  const units = text.length;
  return { encoding: 'UCS-2', units, parts: units <= 70 ? 1 : Math.ceil(units / 67) };
}

// Characters people type that GSM-7 lacks, and the nearest it has. Accents GSM-7 keeps (é, è, à, ñ…)
// stay; others lose their mark (á → a), as phones themselves do when "simple characters" is on.
const FOLDS: Record<string, string> = {
  '₵': 'GHS ',
  '–': '-',
  '—': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '…': '...',
  '\u00a0': ' ',
  '\u202f': ' ',
  '•': '-',
  ç: 'Ç',
  œ: 'oe',
  Œ: 'OE',
  '\t': ' ',
};

/** `text` in GSM-7 only: known look-alikes replaced, other accents dropped, anything else removed. */
export function toGsm7(text: string): string {
  let out = '';
  for (const ch of text) {
    if (BASIC.has(ch) || EXTENDED.has(ch)) out += ch;
    else if (FOLDS[ch] !== undefined) out += FOLDS[ch];
    else {
      const bare = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += [...bare].every((c) => BASIC.has(c)) ? bare : '';
    }
  }
  return out;
}

/** `text` cut to at most `max` septets, ending in "..." when cut. */
export function fitGsm7(text: string, max: number): string {
  const folded = toGsm7(text).replace(/\s+/g, ' ').trim();
  if (smsSize(folded).units <= max) return folded;
  let cut = '';
  for (const ch of folded) {
    if (smsSize(`${cut}${ch}...`).units > max) break;
    cut += ch;
  }
  return `${cut.trimEnd()}...`;
}

/** An amount as a text spells it: `GHS 4,500` (the cedi sign would cost the text its alphabet). */
export function smsAmount(amount: number): string {
  return `GHS ${Math.round(amount).toLocaleString('en-US')}`;
}

/**
 * How far today's texts are into the day's budget: the share (rounded, at most 100) to show, and
 * whether staff are to be warned (from SMS_BUDGET_WARN_PERCENT) or code texts stopped (at the budget).
 * The cms acts on `tone` and the dashboards show it, so both read the line at the same place.
 */
export function textBudgetShare(texts: { total: number; budget: number }): {
  percent: number;
  tone: 'ok' | 'warn' | 'spent';
} {
  const percent = texts.budget > 0 ? Math.min(100, Math.round((texts.total * 100) / texts.budget)) : 100;
  const tone =
    texts.total >= texts.budget
      ? 'spent'
      : texts.total * 100 >= texts.budget * SMS_BUDGET_WARN_PERCENT
        ? 'warn'
        : 'ok';
  return { percent, tone };
}

/** Quiet hours in Accra (GMT all year, so its clock is UTC's): no text that can wait goes out in them. */
export const QUIET_HOURS = { from: 21, to: 7 } as const;

/**
 * When a text that can wait (an alert) may go out if written at `at`: `at` itself outside quiet hours,
 * else the 07:00 that ends them. A viewing's texts never wait: its news is for the hours before it.
 */
export function afterQuietHours(at: Date): Date {
  const hour = at.getUTCHours();
  if (hour >= QUIET_HOURS.to && hour < QUIET_HOURS.from) return at;
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), QUIET_HOURS.to));
  if (hour >= QUIET_HOURS.from) end.setUTCDate(end.getUTCDate() + 1);
  return end;
}
