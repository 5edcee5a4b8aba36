// The domain's seeker messages (form checks, toasts) an island may show, picked in the page's language
// on the server and handed to the island as a prop: the island's own English is MESSAGES itself, so in
// English it gets nothing, and in French or Spanish only the few it can show.
import { MESSAGES, MESSAGES_ES, MESSAGES_FR, type Language, type SeekerMessageKey } from '@fie/domain';
import { SEEKER_MESSAGE_KEYS } from '@fie/domain/seeker-messages';
import { SHARED_ISLAND_EN } from './island-defaults';

export type IslandMessages = Readonly<Partial<Record<SeekerMessageKey, string>>>;

const CATALOGUES = { fr: MESSAGES_FR, es: MESSAGES_ES } as const;

export function islandMessages(language: Language, keys: readonly SeekerMessageKey[]): IslandMessages {
  if (language === 'en') return {};
  const catalogue = CATALOGUES[language];
  return Object.fromEntries(keys.map((key) => [key, catalogue[key]]));
}

/** What the booking form and its button can say. */
export const BOOKING_MESSAGES = [
  'loginToBook',
  'appointmentBooked',
  'bookingFailed',
  'selectDateAndTime',
  'invalidDate',
  'invalidTime',
  'tooLong',
  'fieldComments',
] as const satisfies readonly SeekerMessageKey[];

/** What the enquiry form can say. */
export const ENQUIRY_MESSAGES = [
  'loginToEnquire',
  'enquirySubmitted',
  'enquiryFailed',
  'nameRequired',
  'phoneRequired',
  'invalidPhone',
  'invalidEmail',
  'tooLong',
  'fieldMessage',
] as const satisfies readonly SeekerMessageKey[];

/** An island's `words` prop: its language, its texts and the shared messages it may show. */
export const islandWords = (
  language: Language,
  texts: Readonly<Record<string, string>>,
  keys: readonly SeekerMessageKey[],
  values?: Readonly<Record<string, string>>,
) => ({ language, texts, messages: islandMessages(language, keys), ...(values ? { values } : {}) });

/** What the dashboard can say. */
export const DASHBOARD_MESSAGES = [
  'loadAppointmentsFailed',
  'noAppointmentsFound',
  'noAppointmentsFoundDetail',
  'loadEnquiriesFailed',
  'noEnquiriesFound',
  'noEnquiriesFoundDetail',
  'unknownDate',
  'imageUnavailable',
  'favouritesFull',
  'favouriteNotUpdated',
  'loadFavouritesFailed',
  'noSavedProperties',
  'noSavedPropertiesDetail',
  'favouriteNoLongerAvailable',
  'savedSearchNotUpdated',
  'savedSearchRemoved',
  'savedSearchAlertsOn',
  'savedSearchAlertsOff',
  'savedSearchFrequencyChanged',
  'loadSavedSearchesFailed',
  'noSavedSearches',
  'noSavedSearchesDetail',
  'loadingSecureArea',
  'cancelTooLate',
] as const satisfies readonly SeekerMessageKey[];

/** What the sign-in, sign-up, code and password screens can say. */
export const AUTH_MESSAGES = [
  'emailRequired',
  'invalidEmail',
  'passwordRequired',
  'passwordTooShort',
  'passwordTooLong',
  'passwordUppercase',
  'passwordLowercase',
  'passwordDigit',
  'passwordsDoNotMatch',
  'invalidCredentials',
  'loginFailed',
  'registerFailed',
  'favouritesFull',
  'otpSent',
  'codeOnItsWay',
  'emailVerified',
  'invalidOtp',
  'expiredOtp',
  'incompleteOtp',
  'resendOtpFailed',
  'sendResetCodeFailed',
  'otpVerified',
  'passwordResetDone',
  'resetPasswordFailed',
  'loadingSecureArea',
] as const satisfies readonly SeekerMessageKey[];

/** What the profile and settings screens can say. */
export const AREA_MESSAGES = [
  'loadingSecureArea',
  'fullNameRequired',
  'tooLong',
  'fieldFullName',
  'invalidPhone',
  'currentPasswordRequired',
  'newPasswordSameAsCurrent',
  'passwordRequired',
  'passwordTooShort',
  'passwordTooLong',
  'passwordUppercase',
  'passwordLowercase',
  'passwordDigit',
  'passwordsDoNotMatch',
] as const satisfies readonly SeekerMessageKey[];

/**
 * The words a page carries for its scripts, as JSON in the page (Base.astro, `#fie-page-words`): the
 * domain's messages in the page's language, which a browser's copy of MESSAGES reads instead of
 * carrying the English (astro.config.mjs, pageMessages), and on a back-office page the English of the
 * parts it shares with the seekers' screens. A public page carries the seekers' messages only (no
 * public script says another); a back-office page, which is English, all of them.
 */
export function pageWords(language: Language, options: { staff?: boolean } = {}) {
  const messages = options.staff
    ? MESSAGES
    : language === 'en'
      ? Object.fromEntries(SEEKER_MESSAGE_KEYS.map((key) => [key, MESSAGES[key]]))
      : islandMessages(language, SEEKER_MESSAGE_KEYS);
  return { messages, ...(options.staff ? { defaults: SHARED_ISLAND_EN } : {}) };
}

/** pageWords as the text of a JSON script element: `<` escaped, so no text can close the element. */
export const pageWordsJson = (language: Language, options: { staff?: boolean } = {}) =>
  JSON.stringify(pageWords(language, options)).replace(/</g, '\\u003c');
