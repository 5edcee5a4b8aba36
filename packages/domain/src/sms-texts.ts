// The wording of every text the service sends, in the site's three languages. Each one is built to
// fit one GSM-7 part (sms.ts): the fixed words are short, amounts are spelt `GHS 4,500`, and the one
// free-form value (a listing's title) is folded into GSM-7 and cut to the room the rest leaves.
import type { Language } from './enums.js';
import { fitGsm7, smsAmount, smsSize, toGsm7 } from './sms.js';

const ONE_PART = 160;
const BRAND = 'Fie Homes';

export type SmsCodePurpose = 'register' | 'login' | 'reset' | 'phone';

export interface ViewingText {
  /** The listing's title as staff wrote it (any characters; cut to fit). */
  title: string;
  /** When the viewing starts. */
  at: Date;
  /** A short link to the viewing's page. */
  link: string;
}

export interface AlertText {
  title: string;
  /** Price in cedis, with its period where rented ("/month"). */
  price: number;
  perMonth: boolean;
  link: string;
}

const CODE_WORDS: Record<Language, Record<SmsCodePurpose, string>> = {
  en: {
    register: 'your sign-up code is',
    login: 'your sign-in code is',
    reset: 'your password reset code is',
    phone: 'the code to add this number is',
  },
  fr: {
    register: "votre code d'inscription est",
    login: 'votre code de connexion est',
    reset: 'votre code pour changer de mot de passe est',
    phone: 'le code pour ajouter ce numéro est',
  },
  es: {
    register: 'tu código de registro es',
    login: 'tu código para entrar es',
    reset: 'tu código para cambiar la contraseña es',
    phone: 'el código para añadir este número es',
  },
};

const CODE_TAIL: Record<Language, string> = {
  en: 'Valid 10 minutes. Never share it: we will never call to ask for it.',
  fr: 'Valable 10 minutes. Ne le donnez à personne : nous ne le demandons jamais.',
  es: 'Válido 10 minutos. No lo compartas: nunca te lo pediremos.',
};

/** The text carrying a one-time code. */
export function codeText(language: Language, purpose: SmsCodePurpose, code: string): string {
  return toGsm7(`${BRAND}: ${CODE_WORDS[language][purpose]} ${code}. ${CODE_TAIL[language]}`);
}

/** The reply to an inbound STOP. */
export function stoppedText(language: Language): string {
  return toGsm7(
    {
      en: `${BRAND}: texts to this number are now off. Turn them on again in Settings on our site.`,
      fr: `${BRAND} : les SMS vers ce numéro sont désactivés. Réactivez-les dans Paramètres sur notre site.`,
      es: `${BRAND}: los SMS a este número están desactivados. Actívalos de nuevo en Ajustes en nuestro sitio.`,
    }[language],
  );
}

const LOCALE: Record<Language, string> = { en: 'en-GB', fr: 'fr-FR', es: 'es-ES' };

/** "Sat 12 Dec 10:00" in Accra's time (GMT all year), in the seeker's language. */
export function smsWhen(language: Language, at: Date): string {
  const parts = new Intl.DateTimeFormat(LOCALE[language], {
    timeZone: 'Africa/Accra',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value.replace(/\.$/, '') ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('hour')}:${part('minute')}`;
}

/** Fills `template` with the title cut to whatever room one part leaves. */
function withTitle(template: (title: string) => string, title: string): string {
  const room = ONE_PART - smsSize(toGsm7(template(''))).units;
  // A cut title ends in "..."; the sentence's own full stop after it would make four.
  return toGsm7(template(fitGsm7(title, Math.max(room, 8)))).replace(/\.{4}/g, '...');
}

export type ViewingTextKind = 'confirmed' | 'changed' | 'cancelled' | 'reminder24h' | 'reminder2h';

const VIEWING_WORDS: Record<Language, Record<ViewingTextKind, (t: string, when: string) => string>> = {
  en: {
    confirmed: (t, w) => `${BRAND}: viewing booked for ${w}: ${t}.`,
    changed: (t, w) => `${BRAND}: your viewing is now ${w}: ${t}.`,
    cancelled: (t, w) => `${BRAND}: your viewing of ${w} is cancelled: ${t}.`,
    reminder24h: (t, w) => `${BRAND}: reminder, viewing tomorrow ${w}: ${t}.`,
    reminder2h: (t, w) => `${BRAND}: your viewing starts in 2 hours, ${w}: ${t}.`,
  },
  fr: {
    confirmed: (t, w) => `${BRAND} : visite réservée le ${w} : ${t}.`,
    changed: (t, w) => `${BRAND} : votre visite est déplacée au ${w} : ${t}.`,
    cancelled: (t, w) => `${BRAND} : votre visite du ${w} est annulée : ${t}.`,
    reminder24h: (t, w) => `${BRAND} : rappel, visite demain ${w} : ${t}.`,
    reminder2h: (t, w) => `${BRAND} : votre visite commence dans 2 h, ${w} : ${t}.`,
  },
  es: {
    confirmed: (t, w) => `${BRAND}: visita reservada el ${w}: ${t}.`,
    changed: (t, w) => `${BRAND}: tu visita ahora es el ${w}: ${t}.`,
    cancelled: (t, w) => `${BRAND}: tu visita del ${w} está cancelada: ${t}.`,
    reminder24h: (t, w) => `${BRAND}: recordatorio, visita mañana ${w}: ${t}.`,
    reminder2h: (t, w) => `${BRAND}: tu visita empieza en 2 horas, ${w}: ${t}.`,
  },
};

// Said in every viewing text: the scam these texts must not be mistaken for asks for money first.
const NO_FEE: Record<Language, string> = {
  en: 'Pay no one before you view.',
  fr: 'Ne payez rien avant la visite.',
  es: 'No pagues nada antes de ver.',
};

/** A viewing text: booked, moved, cancelled, or a reminder. */
export function viewingText(language: Language, kind: ViewingTextKind, viewing: ViewingText): string {
  const when = smsWhen(language, viewing.at);
  const tail = kind === 'cancelled' ? ` ${viewing.link}` : ` ${NO_FEE[language]} ${viewing.link}`;
  return withTitle((t) => `${VIEWING_WORDS[language][kind](t, when)}${tail}`, viewing.title);
}

const ALERT_WORDS: Record<Language, (t: string, price: string) => string> = {
  en: (t, p) => `${BRAND}: new match for your search: ${t}, ${p}.`,
  fr: (t, p) => `${BRAND} : nouvelle annonce pour votre recherche : ${t}, ${p}.`,
  es: (t, p) => `${BRAND}: nuevo anuncio para tu búsqueda: ${t}, ${p}.`,
};
const PER_MONTH: Record<Language, string> = { en: '/month', fr: '/mois', es: '/mes' };

/** An instant alert's first match. */
export function alertText(language: Language, alert: AlertText): string {
  const price = `${smsAmount(alert.price)}${alert.perMonth ? PER_MONTH[language] : ''}`;
  return withTitle((t) => `${ALERT_WORDS[language](t, price)} ${alert.link}`, alert.title);
}

const MESSAGE_WORDS: Record<Language, (t: string, count: number) => string> = {
  en: (t, n) => `${BRAND}: ${n === 1 ? 'a new message' : `${n} new messages`} about ${t}. Read and reply:`,
  fr: (t, n) =>
    `${BRAND} : ${n === 1 ? 'un nouveau message' : `${n} nouveaux messages`} pour ${t}. Lire et répondre :`,
  es: (t, n) =>
    `${BRAND}: ${n === 1 ? 'un mensaje nuevo' : `${n} mensajes nuevos`} sobre ${t}. Leer y responder:`,
};

/**
 * New messages from staff in a conversation, unread: where to read them. The messages themselves stay
 * on the site (a text is read by whoever holds the phone, and is not on the record).
 */
export function messageText(
  language: Language,
  message: { title: string; count: number; link: string },
): string {
  return withTitle((t) => `${MESSAGE_WORDS[language](t, message.count)} ${message.link}`, message.title);
}
