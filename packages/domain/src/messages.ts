// User-facing texts, one copy for the cms and the site. The groups marked "fixed texts" hold the
// product's given wording, copied verbatim: clients and tests compare against it word for word, so
// change one only on purpose. The other texts are ours, written in the same plain style.

import { accraDayLabel, countOf, type NoShowRule } from './no-show.js';
import type { Language } from './enums.js';

export const MESSAGES = Object.freeze({
  // The public listing's text searches: a floor on what a search must hold, and what a search that
  // costs too much answers (too many at once: 429; over its time: 503).
  searchTooShort: 'Search needs at least 3 letters or digits',
  locationTooShort: 'Location needs at least 3 letters or digits',
  searchesBusy: 'Too many searches are running right now. Please try again in a moment.',
  searchTooSlow: 'This search is taking too long. Try more specific words, or add a filter.',
  invalidLanguage: 'Language must be one of en, fr or es.',
  // Validation (fixed texts)
  incompleteOtp: 'Please enter the complete 4-digit OTP',
  emailRequired: 'Please enter your email address',
  invalidEmail: 'Please enter a valid email address',
  passwordTooShort: 'Password must be at least 8 characters long',
  selectDateAndTime: 'Please select both date and time',
  selectUser: 'Please select a user',
  selectProperty: 'Please select a property',
  selectDate: 'Please select a date',
  selectTime: 'Please select a time',
  nameRequired: 'Name is required',
  phoneRequired: 'At least one phone number is required',
  locationRequired: 'Location is required',
  nearestLandmarkRequired: 'Nearest landmark is required',
  priceRequired: 'Price is required',
  priceNotNumber: 'Price must be a number',
  propertyTypeRequired: 'Property type is required',
  leaseTypeRequired: 'Lease type is required',
  imageRequired: 'At least one image is required',
  invalidFileType: 'Invalid file type. Please upload JPG, PNG, or WEBP images.',
  fileTooLarge: 'File size too large. Maximum size is 10MB.',

  // Validation texts of our own
  passwordRequired: 'Password is required',
  passwordTooLong: 'Password is too long. Use at most 72 characters.',
  passwordUppercase: 'Password must contain at least one uppercase letter',
  passwordLowercase: 'Password must contain at least one lowercase letter',
  passwordDigit: 'Password must contain at least one number',
  currentPasswordRequired: 'Current password is required',
  newPasswordSameAsCurrent: 'New password must be different from the current password',
  invalidPhone: 'Enter a Ghana phone number, like 024 412 3456',
  phoneNotGhanaian: 'Enter a Ghanaian number: we can only send texts to +233 numbers',
  phoneNotMobile: 'This is a landline. Enter a mobile number, like 024 412 3456',
  emailOrPhoneRequired: 'Enter your e-mail address or your mobile number',
  textsUnavailable: 'We cannot send texts right now. Please use your e-mail address instead.',
  verifyPhoneWithCode: 'Please verify your number with the code we sent by text.',
  codeTexted: 'We sent a code by text. Please check your phone.',
  phoneTaken: 'This number is already used by another account. Sign in with it instead.',
  loginCodeByTextOnly: 'Sign-in codes are sent to mobile numbers only. Use your password.',
  phoneChangeNeedsCode: 'Your number signs you in: change it with a code sent to the new number.',
  invalidGpsAddress: 'Enter a Ghana Post GPS address like GA-183-8164',
  // No longer answered (code e-mails wait in the outbox instead); kept for code built against this
  // package before the outbox, which the upgrade test compiles (cms/tests/upgrade).
  emailNotSent: 'We could not send the e-mail right now. Please try again in a few minutes.',
  priceTooLarge: 'Price must be less than 1,000,000,000',
  invalidImageUrl: 'Each image must be an http(s) URL or a path starting with /',
  tooManyImages: 'At most 30 images can be attached to a property',
  priceSymbolMismatch: 'The price symbol does not match the selected currency',
  invalidCount: 'Room counts must be whole numbers of 0 or more',
  advanceMonthsInvalid: 'Advance must be a whole number of months from 0 to 24',
  advanceMonthsRequired: 'Advance (months) is required for a Rent listing',
  agencyFeePercentInvalid: 'Agency fee must be a percentage from 0 to 20',
  registrationFeeInvalid: 'Registration fee must be an amount in GH₵ of 0 or more',
  registrationFeeTooLarge: 'Registration fee must be less than 1,000,000,000',
  moveInTermsRentOnly: 'Advance, agency fee and registration fee apply to Rent listings only',
  latitudeInvalid: 'Latitude must be a number in Ghana, from 4.5 to 11.2',
  longitudeInvalid: 'Longitude must be a number in Ghana, from -3.3 to 1.3',
  coordinatesBoth: 'Give both latitude and longitude, or neither',
  mapAreaInvalid:
    'The map area must be bbox=west,south,east,north in degrees (for example -0.25,5.55,-0.15,5.65), west of east and south of north',
  fullNameRequired: 'Full name cannot be empty',
  invalidDate: 'Please choose a valid date',
  invalidTime: 'Please choose a valid time',
  bookingWeekend: 'Viewings can only be booked Monday to Friday',
  bookingOutsideHorizon: 'Choose a date within the next 14 days',
  bookingNotASlot: 'Choose a time between 09:00 and 17:00 on the hour or half hour',
  bookingTooSoon: 'Viewings must be booked at least 24 hours ahead',
  cancelTooLate: 'Viewings can only be cancelled at least 24 hours ahead',
  slotTaken: 'This time slot is already booked. Please choose another.',
  propertyUnavailable: 'This property is not available for viewings',
  closerNameRequired: 'Closer name is required',
  dealDateRequired: 'Deal date is required',
  commissionRequired: 'Commission is required',
  tenantNameRequired: 'Tenant name is required',
  tenantContactRequired: 'Tenant contact is required',
  tenancyStartRequired: 'Tenancy start date is required',
  tenancyEndRequired: 'Tenancy end date is required',
  tenancyEndBeforeStart: 'Tenancy end date cannot be before the start date',
  invalidApprovalAction: 'Action must be approve or unapprove',
  minPriceAboveMax: 'Minimum price cannot be more than maximum price',
  invalidRequest: 'Invalid request',

  // Server answers of our own
  invalidCredentials: 'Invalid email or password',
  notStaffAccount: 'This account does not have admin access',
  emailTaken: 'An account with this email already exists',
  emailNotVerified: 'Please verify your email address first',
  otpTooManyAttempts: 'Too many incorrect attempts. Please request a new OTP.',
  otpResendTooSoon: 'Please wait 60 seconds before requesting a new OTP.',
  otpRateLimited: 'Too many OTP requests. Please try again later.',
  resetNotVerified: 'Please verify the reset code first.',
  unauthorized: 'Please log in to continue',
  forbidden: 'You do not have permission to do this',
  tooManyRequests: 'Too many requests. Please try again later.',
  userNotFound: 'User not found',
  appointmentNotFound: 'Appointment not found',
  enquiryNotFound: 'Enquiry not found',
  dealNotFound: 'Deal not found',
  // Refusals the accounts and viewings services answer in their own words.
  signInToContinue: 'Please sign in to continue.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  accountBlocked: 'This account has been blocked. Please contact support.',
  verifyEmailFirst: 'Please verify your email address first.',
  verifyEmailWithCode:
    'Please verify your email address first. Enter the code we e-mailed you, or sign up again to get a new one.',
  noPermission: 'You do not have permission to do this.',
  currentPasswordIncorrect: 'Your current password is incorrect.',
  alreadyBookedProperty: 'You already have a viewing booked for this property.',
  accountCannotBook: 'This account cannot book viewings.',
  googleNotConfigured: 'Google sign-in is not configured.',
  googleIncomplete: 'Google sign-in did not complete. Please try again.',
  passwordChanged: 'Password changed. You were signed out on your other devices.',

  // Public site and accounts errors (fixed texts)
  loginFailed: 'Failed to login. Please try again.',
  registerFailed: 'Failed to create account. Please try again.',
  verificationTimeout: 'Verification timeout',
  loadPropertiesFailedShort: 'Failed to load properties',
  loadPropertiesFailed: 'Failed to load properties. Please try again.',
  loadAppointmentsFailed: 'Failed to load appointments. Please try again.',
  loadEnquiriesFailed: 'Failed to load enquiries. Please try again.',
  loadPropertyFailed: 'Failed to load property details',
  propertyNotFound: 'Property not found',
  propertyIdNotFound: 'Property ID not found',
  loginToEnquire: 'Please log in to submit an enquiry',
  loginToBook: 'Please log in to book a viewing',
  passwordsDoNotMatch: 'Passwords do not match',
  // The footer's newsletter box.
  newsletterSubscribed: 'Thank you for subscribing. We will e-mail you new listings and news.',
  newsletterFailed: 'Failed to subscribe. Please try again.',
  enquiryFailed: 'Failed to submit enquiry. Please try again.',
  bookingFailed: 'Failed to book appointment. Please try again.',
  invalidOtp: 'Invalid OTP. Please try again.',
  expiredOtp: 'OTP has expired. Please request a new one.',
  // A code whose tries are used up (or that was just used) is refused without checking the guess.
  otpNoLongerValid: 'This code can no longer be used. Please request a new one.',
  resendOtpFailed: 'Failed to resend OTP. Please try again.',
  sendResetCodeFailed: 'Failed to send reset code. Please try again.',
  resetPasswordFailed: 'Failed to reset password. Please try again.',
  imageUnavailable: 'Property Image Not Available',
  loadingSecureArea: 'Loading secure area...',
  pageNotFound: 'Page Not Found',
  unknownDate: 'Unknown date',

  // Success toasts (fixed texts)
  enquirySubmitted: 'Enquiry submitted successfully',
  appointmentBooked: 'Appointment booked successfully',
  emailVerified: 'Email verified! Account created successfully.',
  phoneVerified: 'Number verified! Your account is ready.',
  otpSent: 'OTP sent successfully! Please check your email.',
  // The code is in the outbox while the mail server is away: it is sent on the server's return.
  codeOnItsWay: 'Your code is on its way. E-mail is slow right now, so it may take a few minutes to arrive.',
  otpVerified: 'OTP verified! You can now reset your password.',
  passwordResetDone: 'Password reset successfully! You can now login with your new password.',

  // Empty states (fixed texts)
  noPropertiesAvailable: 'No Properties Available',
  noPropertiesFound: 'No Properties Found',
  noAppointmentsFound: 'No Appointments Found',
  noAppointmentsFoundDetail: "You haven't booked any property viewings yet.",
  noEnquiriesFound: 'No Enquiries Found',
  noEnquiriesFoundDetail: "You haven't made any property enquiries yet.",

  // Back-office errors (fixed texts)
  createPropertyFailed: 'Failed to create property. Please try again.',
  updatePropertyFailed: 'Failed to update property. Please try again.',
  deletePropertyFailed: 'Failed to delete property. Please try again.',
  uploadImagesFailed: 'Failed to upload images. Please try again.',
  loadUsersFailed: 'Failed to load users. Please try again.',
  authTokenNotFound: 'Authentication token not found',
  noAuthToken: 'No authentication token found',
  addUserFailed: 'Failed to add user. Please try again.',
  unexpectedError: 'An unexpected error occurred. Please try again.',
  loadAdminsFailed: 'Failed to load admins. Please try again.',
  addAdminFailed: 'Failed to add admin. Please try again.',
  revokeAdminFailed: 'Failed to revoke admin privileges. Please try again.',
  updateAppointmentStatusFailed: 'Failed to update appointment status',
  updateAppointmentFailed: 'Failed to update appointment',
  scheduleAppointmentFailed: 'Failed to schedule appointment',
  loadUsersAndPropertiesFailed: 'Failed to load users and properties',
  updateEnquiryFailed: 'Failed to update enquiry',
  createEnquiryFailedShort: 'Failed to create enquiry',
  createEnquiryFailed: 'Failed to create enquiry. Please try again.',
  loadDealsFailed: 'Failed to load deals. Please try again.',
  loadDealsFailedShort: 'Failed to load deals',
  createDealFailed: 'Failed to create deal',
  updateDealFailedShort: 'Failed to update deal',
  deleteDealFailed: 'Failed to delete deal',
  loadUnapprovedPropertiesFailed: 'Failed to load unapproved properties. Please try again.',
  loadUnapprovedDealsFailed: 'Failed to load unapproved deals. Please try again.',
  approvePropertyFailed: 'Failed to approve property. Please try again.',
  approveDealFailed: 'Failed to approve deal. Please try again.',
  updateDealFailed: 'Failed to update deal. Please try again.',
  cloudinaryMissing: 'Cloudinary configuration is missing',

  // Back-office successes and confirmations (fixed texts)
  propertyCreated: 'Property created successfully',
  propertyCreatedToast: 'Property created successfully!',
  propertyUpdated: 'Property updated successfully',
  propertyDeleted: 'Property deleted successfully',
  userAdded: 'User/Admin added successfully',
  adminRevoked: 'Admin privileges revoked successfully',
  appointmentUpdated: 'Appointment updated successfully',
  appointmentScheduled: 'Appointment scheduled successfully',
  enquiryUpdated: 'Enquiry updated successfully',
  enquiryCreated: 'Enquiry created successfully',
  dealCreated: 'Deal created successfully',
  dealUpdated: 'Deal updated successfully',
  dealDeleted: 'Deal deleted successfully',
  propertyApproved: 'Property approved successfully!',
  propertyKeptUnapproved: 'Property kept as unapproved',
  dealApproved: 'Deal approved successfully!',
  dealKeptUnapproved: 'Deal kept as unapproved',
  // An approval decision on an item that changed after the superadmin opened it (an admin's edit, a
  // deletion asked for): refused, so nothing unseen is approved.
  itemChangedSinceOpened: 'This item changed since you opened it. Review it again.',
  // An admin's delete of an approved item: kept, public, in the approval queue until a superadmin decides.
  deletionAwaitsApproval: "Deletion waits for a superadmin's approval",
  propertyDeletionRejected: 'Deletion rejected: the property stays as it was',
  dealDeletionRejected: 'Deletion rejected: the deal stays as it was',
  settingsSaved: 'Settings saved successfully',
  // Favourites: a seeker's saved properties, capped so one account cannot grow without end.
  favouritesFull: 'You can keep at most 500 favourites. Remove some to save more.',
  saveToFavourites: 'Save to favourites',
  removeFromFavourites: 'Remove from favourites',
  favouriteNotUpdated: 'Your favourites could not be updated. Please try again.',
  // Signed out, a heart is kept in the browser until sign-in hands it to the account.
  favouriteSavedInBrowser: 'Saved in this browser. Sign in to keep your favourites in your account.',
  loadFavouritesFailed: 'Failed to load your saved properties. Please try again.',
  noSavedProperties: 'No Saved Properties',
  noSavedPropertiesDetail: 'Tap the heart on a property to save it here.',
  // A favourite whose property left the listing (unapproved or deleted) stays, marked, until removed.
  favouriteNoLongerAvailable: 'No longer available',
  // Saved searches with e-mail alerts.
  savedSearchesFull: 'You can keep at most 20 saved searches. Delete one to save another.',
  savedSearchNotFound: 'Saved search not found',
  savedSearchDuplicate: 'You have already saved this search.',
  unsubscribeLinkInvalid:
    'This unsubscribe link is not valid. Open the latest alert e-mail, or manage your saved searches on your dashboard.',
  undoLinkNotValid:
    'This link can no longer turn the alerts back on. Sign in to turn them on from your saved searches.',
  savedSearchNotUpdated: 'Your saved search could not be updated. Please try again.',
  savedSearchRemoved: 'Saved search deleted',
  savedSearchAlertsOn: 'Alerts turned on',
  savedSearchAlertsOff: 'Alerts turned off',
  savedSearchFrequencyChanged: 'Alert frequency updated',
  loadSavedSearchesFailed: 'Failed to load your saved searches. Please try again.',
  noSavedSearches: 'No Saved Searches',
  noSavedSearchesDetail:
    'On the properties page, choose your filters and tap “Save this search” to get new matches by e-mail.',
  // The page an alert's unsubscribe link leads to.
  savedSearchGoneDetail: 'This saved search was deleted, so it sends no more alerts.',
  // Maintenance mode: what sign-up, booking and enquiries answer while it is on.
  maintenance:
    'Fie Homes is undergoing maintenance. Sign-up, viewing bookings and enquiries are paused for now; please try again later.',
  // The cms cannot reach its database (a restart, an outage): 503, and the site's proxy says the same when the cms is down.
  serviceUnavailable: 'The service is temporarily unavailable. Please try again.',
  deletePropertyTitle: 'Delete Property',
  deletePropertyConfirm: 'Are you sure you want to delete this property? This action cannot be undone.',
  deleteDealTitle: 'Delete Deal',
  noAppointmentsYet: 'No appointments yet',
  noAppointmentsMatch: 'No appointments found',
  noDealsYet: 'No deals yet',
  noDealsMatch: 'No deals found',
  // The no-show rule: staff record that a client did not attend; repeated misses pause booking.
  clientNoShowBeforeStart:
    'A client can be recorded as not attending only once the viewing has started. Please try again after its start time.',
  clientNoShowNeedsUnsuccessful: '"Client did not attend" goes with the status Unsuccessful only.',
  clientNoShowRecorded: 'Appointment marked as Unsuccessful: the client did not attend',
  bookingRestrictionLifted: 'Booking restriction lifted: this user can book viewings again.',
  noBookingRestriction: 'This user can already book viewings: there is no restriction to lift.',
  liftBookingRestrictionFailed: 'Failed to lift the booking restriction. Please try again.',
  bookingRestrictionOnlySeekers: 'Only client accounts have booking restrictions.',
  // Leads: the property page's WhatsApp and Call buttons (POST /api/leads, GET /api/leads/summary).
  leadPropertyRequired: 'Please say which property the contact is about (propertyId).',
  leadChannelInvalid: "The channel must be 'whatsapp' or 'call'.",
  leadSummaryDaysInvalid: 'The number of days must be a whole number from 1 to 365.',
  leadsTooMany: 'Too many contacts from this network. Please try again later.',
  // Checks that name values: {field} is one of the field words below, {min} and {max} numbers, and
  // {choices} the API's own values. The server and the islands say them in the reader's language.
  tooLong: '{field} must be at most {max} characters',
  tooLongUnnamed: 'Must be at most {max} characters',
  wholeNumberFromTo: '{field} must be a whole number from {min} to {max}',
  wholeNumberAtLeast: '{field} must be a whole number of {min} or more',
  mustBeOneOf: '{field} must be one of: {choices}',
  reportReasonRequired: 'Choose why you are reporting this listing',
  fieldReason: 'Reason',
  fieldFullName: 'Full name',
  fieldComments: 'Comments',
  fieldMessage: 'Message',
  fieldSearch: 'Search',
  fieldLocation: 'Location',
  fieldDetails: 'Details',
  fieldBedrooms: 'Bedrooms',
  fieldMinPrice: 'Minimum price',
  fieldMaxPrice: 'Maximum price',
  fieldMaxAdvance: 'Maximum advance in months',
  fieldPage: 'Page',
  fieldPageSize: 'Page size',
  fieldPropertyType: 'Property type',
  fieldLeaseType: 'Lease type',
  fieldFurnishStatus: 'Furnish status',
  fieldSort: 'Sort',
} as const);

export type MessageKey = keyof typeof MESSAGES;

/**
 * Said on every property page beside Book a Viewing, in the booking confirmation and in its calendar
 * invite: "agents" who charge to show a home are a common fraud, and seekers should know we never do.
 */
export const NO_VIEWING_FEES =
  'Fie Homes never asks for money to view a property. If anyone does, report it.';

/** A day in Accra as French or Spanish write it in a sentence: "lundi 14 décembre 2026". */
const accraDayIn = (until: Date, locale: 'fr-FR' | 'es-ES') =>
  new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Africa/Accra',
  }).format(until);

/**
 * What a seeker whose booking is paused is told (the booking's 403, the booking form, the dashboard),
 * in the seeker's language.
 */
export function bookingPausedMessage(rule: NoShowRule, until: Date, language: Language = 'en'): string {
  if (language === 'fr')
    return `Vos réservations sont suspendues : vous avez manqué ${countOf(rule.noShowLimit, 'visite', 'visites')} en ${countOf(rule.noShowWindowDays, 'jour', 'jours')}. Vous pourrez de nouveau réserver à partir du ${accraDayIn(until, 'fr-FR')}.`;
  if (language === 'es')
    return `Tus reservas están en pausa porque faltaste a ${countOf(rule.noShowLimit, 'visita', 'visitas')} en ${countOf(rule.noShowWindowDays, 'día', 'días')}. Podrás volver a reservar desde el ${accraDayIn(until, 'es-ES')}.`;
  return `Booking is paused because you missed ${countOf(rule.noShowLimit, 'viewing', 'viewings')} within ${countOf(rule.noShowWindowDays, 'day', 'days')}. You can book viewings again from ${accraDayLabel(until)}.`;
}

/** What staff are told when they book for a client whose booking is paused. */
export function clientBookingPausedMessage(rule: NoShowRule, until: Date): string {
  return `This client missed ${countOf(rule.noShowLimit, 'viewing', 'viewings')} within ${countOf(rule.noShowWindowDays, 'day', 'days')}, so their booking is paused: they may book again from ${accraDayLabel(until)}. Lift the restriction on the Users screen to book for them.`;
}

export function appointmentMarkedAs(status: string): string {
  return `Appointment marked as ${status}`;
}

export function deleteDealConfirm(tenantName: string): string {
  return `Are you sure you want to delete the deal with ${tenantName}?`;
}
