import * as linkify from 'linkifyjs';
import { findPhoneNumbersInText } from 'libphonenumber-js/core';
import { GHANA_PHONE_METADATA } from './phone-metadata.js';

// The scam guard of conversations. The scam that costs Ghanaian renters most is the "viewing fee":
// someone posing as an agent asks for money by mobile money before showing a house that is not theirs.
// Fie Homes never charges for a viewing, so a message asking for money before one is shown to both
// sides with a warning, and a staff member's is held for a colleague. The phrasings are the usual ones
// in English, French, Spanish, Twi and Ghanaian Pidgin; a listing's own stated costs (the advance, the
// agency and registration fees) may be talked about freely.

/** What both sides see beside a flagged message. */
export const MONEY_WARNING = 'Fie Homes never asks for money to view a property';

/** Why a message was flagged. */
export type GuardReason = 'viewing-fee' | 'pay-before-viewing' | 'pay-first' | 'money-to-number';

/** The costs the listing itself states, which a message may ask about or explain. */
export interface StatedCosts {
  advance?: boolean;
  agencyFee?: boolean;
  registrationFee?: boolean;
}

/**
 * Lower case without accents, Twi's ɛ and ɔ as e and o, and one space between words, so "Frais de
 * visite", "frais de visité" and "FRAIS  DE VISITE" read alike.
 */
export function foldForGuard(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ɛƐ]/g, 'e')
    .replace(/[ɔƆ]/g, 'o')
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/\s+/g, ' ');
}

const any = (parts: string[]) =>
  new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${parts.join('|')})(?=$|[^\\p{L}\\p{N}])`, 'u');

/** A fee for viewing: never a Fie Homes charge, flagged wherever it appears. */
const VIEWING_FEE = any([
  // English and Pidgin
  '(?:viewing|inspection|visiting|showing) (?:fee|fees|charge|charges|money|cost)',
  'fee (?:for|to) (?:the )?(?:viewing|inspection|view)',
  'pay (?:small )?(?:something )?(?:for|to) (?:the )?(?:viewing|inspection)',
  'viewing no be free',
  // French
  "frais (?:de|d') ?(?:visite|inspection)",
  'payer (?:la|pour la) visite',
  'visite (?:est )?payante',
  // Spanish
  '(?:tarifa|cuota|costo|coste|cargo|pago|cobro) (?:de|por) (?:la )?(?:visita|inspeccion)',
  'pagar (?:la|por la) visita',
  // Twi: "hwe fie no sika" (money to see the house), "nhwehwemu sika" (inspection money)
  'hwe (?:fie|dan) no sika',
  'nhwehwemu sika',
]);

/** Paying: words that always mean money changing hands. */
const PAY_WORDS = any([
  // English and Pidgin
  'pay',
  'paid',
  'paying',
  'payment',
  'transfer',
  'deposit',
  'momo',
  'mobile money',
  'drop (?:the |small )?(?:money|cash)',
  // Pidgin "send am" (send it) is how the money is asked for without naming it
  'send am',
  // French
  'payer',
  'payez',
  'paie',
  'paiement',
  'transferer',
  'transferez',
  'virement',
  'versement',
  'depot',
  // Spanish
  'pagar',
  'paga',
  'pague',
  'pago',
  'transferir',
  'transfiere',
  'transferencia',
  'depositar',
  'deposita',
  'deposito',
  // Twi: tua (pay), "to sika" (send money, as by MoMo)
  'tua',
  'tuaa',
  'to sika',
]);

/** Sending, which is about money only with money in the same breath ("send the photos first" is not). */
const SEND_WORDS = any([
  'send',
  'sending',
  'envoyer',
  'envoyez',
  'envoie',
  'enviar',
  'envia',
  'envie',
  'soma',
]);
const MONEY_WORDS = any([
  'money',
  'cash',
  'fee',
  'fees',
  'cedis?',
  'ghs',
  'gh₵',
  'amount',
  'argent',
  'somme',
  'dinero',
  'plata',
  'sika',
  'kudi',
]);

/** Whether `folded` speaks of paying or sending money. */
const paying = (folded: string) =>
  PAY_WORDS.test(folded) || (SEND_WORDS.test(folded) && MONEY_WORDS.test(folded));

/** "Before the viewing", "before you see the house", in each language. */
const BEFORE_VIEWING = any([
  'before (?:the |a |any |we |you |i )?(?:viewing|inspection|view|visit|show|see|go see|fit see|come see|can see|go view|can view)',
  'prior to (?:the )?(?:viewing|inspection|visit)',
  "avant (?:la |de |d')?(?:visite|visiter|voir)",
  'antes de (?:la )?(?:visita|visitar|ver)',
  // Twi: "ansa na wobehwe" (before you see), "ansa na yebekohwe" (before we go and see)
  'ansa na (?:wo|ye|me|mo)?(?:be|a)?(?:ko)?hwe',
]);

/** Paying "first" or "upfront", in each language; Twi "tua kan", Pidgin "pay first". */
const FIRST = any([
  'first',
  'upfront',
  'up front',
  'in advance',
  "d'abord",
  'en premier',
  "a l'avance",
  'primero',
  'por adelantado',
  'de antemano',
  'kan',
  'di kan',
]);

/** The names of the listing's costs, each in the languages the guard reads. */
const COST_NAMES: Record<keyof StatedCosts, RegExp> = {
  advance: any(['advance', 'avance', 'adelanto', 'anticipo', 'rent advance', 'loyer']),
  agencyFee: any(['agency fee', 'agency fees', "frais d'agence", 'comision de (?:la )?agencia', 'agent fee']),
  registrationFee: any([
    'registration fee',
    'registration fees',
    "frais d'enregistrement",
    "frais d'inscription",
    'tarifa de registro',
    'cuota de registro',
  ]),
};

/** A bank account or other long number written out: nine digits or more, spaced or not. */
const LONG_NUMBER = /(?:\d[\s.-]?){9,}/;

/** The sentences of a message (a request and its number often sit in two of them, so both are read). */
function sentences(folded: string): string[] {
  return folded.split(/(?<=[.!?;\n])\s+|\n+/).filter((s) => s.trim());
}

/** Ghanaian numbers in `text`, as libphonenumber finds them however they are written. */
export function ghanaNumbersIn(text: string): string[] {
  return findPhoneNumbersInText(text, { defaultCountry: 'GH' }, GHANA_PHONE_METADATA).map(
    (found) => found.number.number,
  );
}

/**
 * Whether a message asks for money before a viewing, and why. A message is read as a whole for "a
 * number and a request to send or pay to it", sentence by sentence for the rest.
 */
export function guardMessage(
  text: string,
  options: { statedCosts?: StatedCosts } = {},
): { flagged: boolean; reasons: GuardReason[] } {
  const folded = foldForGuard(text);
  const reasons = new Set<GuardReason>();
  const stated = options.statedCosts ?? {};
  const namesStatedCost = (sentence: string) =>
    (Object.keys(COST_NAMES) as (keyof StatedCosts)[]).some(
      (cost) => stated[cost] && COST_NAMES[cost].test(sentence),
    );
  for (const sentence of sentences(folded)) {
    if (VIEWING_FEE.test(sentence)) reasons.add('viewing-fee');
    const pays = paying(sentence);
    if (pays && BEFORE_VIEWING.test(sentence)) reasons.add('pay-before-viewing');
    // "Pay the advance first, then sign" about the listing's own stated advance is the deal itself.
    else if (pays && FIRST.test(sentence) && !namesStatedCost(sentence)) reasons.add('pay-first');
  }
  const hasNumber = ghanaNumbersIn(text).length > 0 || LONG_NUMBER.test(text);
  if (hasNumber && paying(folded)) reasons.add('money-to-number');
  return { flagged: reasons.size > 0, reasons: [...reasons] };
}

/** A piece of a message as it is shown: text, a link to our own pages, or another site's address as text. */
export type MessagePart =
  | { type: 'text'; text: string }
  | { type: 'link'; text: string; href: string }
  | { type: 'outside-link'; text: string; domain: string };

/**
 * A message cut into what is shown: links to `ownHosts` stay links; any other site's address is shown
 * as plain text with its domain, so a message cannot lead someone off to a look-alike payment page.
 */
export function messageParts(text: string, ownHosts: readonly string[]): MessagePart[] {
  const own = new Set(ownHosts.map((h) => h.toLowerCase()));
  const parts: MessagePart[] = [];
  let at = 0;
  for (const found of linkify.find(text)) {
    if (found.type !== 'url') continue;
    if (found.start > at) parts.push({ type: 'text', text: text.slice(at, found.start) });
    let host = '';
    try {
      host = new URL(found.href).hostname.toLowerCase();
    } catch {
      host = '';
    }
    const safeScheme = /^https?:\/\//i.test(found.href);
    if (host && safeScheme && own.has(host))
      parts.push({ type: 'link', text: found.value, href: found.href });
    else parts.push({ type: 'outside-link', text: found.value, domain: host || found.value });
    at = found.end;
  }
  if (at < text.length) parts.push({ type: 'text', text: text.slice(at) });
  return parts;
}
