// Every language's seeker messages together, for the server, which answers in whichever the reader
// reads. Browser code imports only its own language's file instead.
import type { Catalogues } from './i18n.js';
import type { Language } from './enums.js';
import { MESSAGES_ES } from './messages-es.js';
import { MESSAGES_FR } from './messages-fr.js';
import { SEEKER_MESSAGES_EN, translateMessage, type SeekerMessageKey } from './seeker-messages.js';

export const SEEKER_MESSAGES: Catalogues<SeekerMessageKey> = {
  en: SEEKER_MESSAGES_EN,
  fr: MESSAGES_FR,
  es: MESSAGES_ES,
};

/** An English message in `language` (unchanged in English, or when it is not a seeker message). */
export const messageIn = (text: string, language: Language): string =>
  language === 'en' ? text : translateMessage(text, SEEKER_MESSAGES[language]);
