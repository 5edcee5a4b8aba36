// The domain's seeker messages (form checks, toasts) an island may show, picked in the page's language
// on the server and handed to the island as a prop: the island's own English is MESSAGES itself, so in
// English it gets nothing, and in French or Spanish only the few it can show.
import { MESSAGES_ES, MESSAGES_FR, type Language, type SeekerMessageKey } from '@fie/domain';

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
