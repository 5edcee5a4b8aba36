// The messages a home-seeker can meet (form checks, the API's answers to the public site and the
// seeker's area, toasts, empty states), which the site and the API speak in English, French and Spanish.
// The back-office's messages stay English, as the back-office does. English is MESSAGES itself; the
// other languages live one file each (messages-fr.ts, messages-es.ts) so a browser loads only its own.
import { MESSAGES } from './messages.js';

export const SEEKER_MESSAGE_KEYS = [
  'searchTooShort',
  'locationTooShort',
  'searchesBusy',
  'searchTooSlow',
  'invalidLanguage',
  'incompleteOtp',
  'emailRequired',
  'invalidEmail',
  'passwordTooShort',
  'selectDateAndTime',
  'selectDate',
  'selectTime',
  'nameRequired',
  'phoneRequired',
  'passwordRequired',
  'passwordTooLong',
  'passwordUppercase',
  'passwordLowercase',
  'passwordDigit',
  'currentPasswordRequired',
  'newPasswordSameAsCurrent',
  'invalidPhone',
  'phoneNotGhanaian',
  'phoneNotMobile',
  'emailOrPhoneRequired',
  'textsUnavailable',
  'verifyPhoneWithCode',
  'codeTexted',
  'phoneTaken',
  'loginCodeByTextOnly',
  'phoneChangeNeedsCode',
  'fullNameRequired',
  'invalidDate',
  'invalidTime',
  'bookingWeekend',
  'bookingOutsideHorizon',
  'bookingNotASlot',
  'bookingTooSoon',
  'cancelTooLate',
  'slotTaken',
  'propertyUnavailable',
  'minPriceAboveMax',
  'invalidRequest',
  'invalidCredentials',
  'emailTaken',
  'emailNotVerified',
  'otpTooManyAttempts',
  'otpResendTooSoon',
  'otpRateLimited',
  'resetNotVerified',
  'unauthorized',
  'forbidden',
  'tooManyRequests',
  'userNotFound',
  'appointmentNotFound',
  'enquiryNotFound',
  'signInToContinue',
  'sessionEnded',
  'accountBlocked',
  'verifyEmailFirst',
  'verifyEmailWithCode',
  'noPermission',
  'currentPasswordIncorrect',
  'alreadyBookedProperty',
  'accountCannotBook',
  'googleNotConfigured',
  'googleIncomplete',
  'passwordChanged',
  'loginFailed',
  'registerFailed',
  'verificationTimeout',
  'loadPropertiesFailedShort',
  'loadPropertiesFailed',
  'loadAppointmentsFailed',
  'loadEnquiriesFailed',
  'loadPropertyFailed',
  'propertyNotFound',
  'propertyIdNotFound',
  'loginToEnquire',
  'loginToBook',
  'passwordsDoNotMatch',
  'newsletterSubscribed',
  'newsletterFailed',
  'enquiryFailed',
  'bookingFailed',
  'invalidOtp',
  'expiredOtp',
  'otpNoLongerValid',
  'resendOtpFailed',
  'sendResetCodeFailed',
  'resetPasswordFailed',
  'imageUnavailable',
  'loadingSecureArea',
  'pageNotFound',
  'unknownDate',
  'enquirySubmitted',
  'appointmentBooked',
  'emailVerified',
  'phoneVerified',
  'otpSent',
  'codeOnItsWay',
  'otpVerified',
  'passwordResetDone',
  'noPropertiesAvailable',
  'noPropertiesFound',
  'noAppointmentsFound',
  'noAppointmentsFoundDetail',
  'noEnquiriesFound',
  'noEnquiriesFoundDetail',
  'unexpectedError',
  'favouritesFull',
  'saveToFavourites',
  'removeFromFavourites',
  'favouriteNotUpdated',
  'favouriteSavedInBrowser',
  'loadFavouritesFailed',
  'noSavedProperties',
  'noSavedPropertiesDetail',
  'favouriteNoLongerAvailable',
  'savedSearchesFull',
  'savedSearchNotFound',
  'savedSearchDuplicate',
  'unsubscribeLinkInvalid',
  'undoLinkNotValid',
  'savedSearchNotUpdated',
  'savedSearchRemoved',
  'savedSearchAlertsOn',
  'savedSearchAlertsOff',
  'savedSearchFrequencyChanged',
  'loadSavedSearchesFailed',
  'noSavedSearches',
  'noSavedSearchesDetail',
  'savedSearchGoneDetail',
  'maintenance',
  'serviceUnavailable',
  'leadsTooMany',
  'tooLong',
  'tooLongUnnamed',
  'wholeNumberFromTo',
  'wholeNumberAtLeast',
  'mustBeOneOf',
  'reportReasonRequired',
  'fieldReason',
  'fieldFullName',
  'fieldComments',
  'fieldMessage',
  'fieldSearch',
  'fieldLocation',
  'fieldDetails',
  'fieldBedrooms',
  'fieldMinPrice',
  'fieldMaxPrice',
  'fieldMaxAdvance',
  'fieldPage',
  'fieldPageSize',
  'fieldPropertyType',
  'fieldLeaseType',
  'fieldFurnishStatus',
  'fieldSort',
] as const satisfies readonly (keyof typeof MESSAGES)[];

export type SeekerMessageKey = (typeof SEEKER_MESSAGE_KEYS)[number];

/** The seeker's messages in English: MESSAGES' own words, key for key. */
export const SEEKER_MESSAGES_EN: Readonly<Record<SeekerMessageKey, string>> = Object.freeze(
  Object.fromEntries(SEEKER_MESSAGE_KEYS.map((key) => [key, MESSAGES[key]])) as Record<
    SeekerMessageKey,
    string
  >,
);

const PLACEHOLDER = /\{([a-zA-Z]+)\}/g;
const isTemplate = (key: SeekerMessageKey) => MESSAGES[key].includes('{');

let byText: Map<string, SeekerMessageKey> | undefined;
let templates: Array<{ key: SeekerMessageKey; pattern: RegExp; names: string[] }> | undefined;
let fieldByText: Map<string, SeekerMessageKey> | undefined;

/** A message with values ("Bedrooms must be a whole number of 0 or more") read back as its key and values. */
function matchTemplate(text: string) {
  templates ??= SEEKER_MESSAGE_KEYS.filter(isTemplate).map((key) => {
    const english = MESSAGES[key] as string;
    const names = [...english.matchAll(PLACEHOLDER)].map((m) => m[1]!);
    const source = english
      .split(PLACEHOLDER)
      .map((part, i) => (i % 2 ? '(.+?)' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
      .join('');
    return { key, pattern: new RegExp(`^${source}$`), names };
  });
  for (const t of templates) {
    const m = t.pattern.exec(text);
    if (m) return { key: t.key, values: Object.fromEntries(t.names.map((name, i) => [name, m[i + 1]!])) };
  }
  return undefined;
}

/**
 * `text` in another language's catalogue (or the part of it a browser island was given), when it is
 * one of the seeker's messages as English words (a zod check's message, an API answer); any other
 * text comes back as it was. Schemas and services keep writing MESSAGES' English, and this turns it
 * into the reader's language at the edge. A message with values is matched by its English pattern
 * and refilled, its field word translated too.
 */
export function translateMessage(
  text: string,
  catalogue: Readonly<Partial<Record<SeekerMessageKey, string>>> | undefined,
): string {
  if (!catalogue) return text;
  byText ??= new Map(
    SEEKER_MESSAGE_KEYS.filter((key) => !isTemplate(key)).map((key) => [MESSAGES[key] as string, key]),
  );
  const key = byText.get(text);
  if (key) return catalogue[key] || text;
  const found = matchTemplate(text);
  const template = found && catalogue[found.key];
  if (!found || !template) return text;
  fieldByText ??= new Map(
    SEEKER_MESSAGE_KEYS.filter((k) => k.startsWith('field')).map((k) => [MESSAGES[k] as string, k]),
  );
  const values = { ...found.values };
  const field = values.field === undefined ? undefined : fieldByText.get(values.field);
  if (field && catalogue[field]) values.field = catalogue[field];
  return template.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}
