// Enumerations shared by the cms (stored values) and the site (form choices).
// Kept as `as const` tuples so zod enums and union types come from one list.

export const PROPERTY_TYPES = ['Apartment', 'House', 'Townhouse', 'Villa', 'Land', 'Commercial'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const LEASE_TYPES = ['Rent', 'Sale'] as const;
export type LeaseType = (typeof LEASE_TYPES)[number];

export const FURNISH_STATUSES = ['Fully furnished', 'Semi furnished', 'Not furnished'] as const;
export type FurnishStatus = (typeof FURNISH_STATUSES)[number];

export const ENQUIRY_FURNISH_STATUSES = ['Not specified', ...FURNISH_STATUSES] as const;
export type EnquiryFurnishStatus = (typeof ENQUIRY_FURNISH_STATUSES)[number];

export const PROPERTY_STATES = ['New', 'Fairly Used', 'Renovated', 'Quite old', 'Uncompleted'] as const;
export type PropertyState = (typeof PROPERTY_STATES)[number];

export const AMENITIES = [
  'Pool',
  'Garage',
  "Boy's Quarters",
  'Garden',
  'Gym',
  'WiFi',
  'Air Conditioner',
  'Spa',
  'Storage',
  'Parking Space',
  'Tennis Court',
  'Football Field',
  'Basketball Court',
  'Security Post',
  'CCTV Surveillance',
  'Solar Power System',
  'Backup Generator',
  'Playground',
  'Outdoor Kitchen/BBQ Area',
  'Smart Home Features',
] as const;
export type Amenity = (typeof AMENITIES)[number];

export const CURRENCIES = ['GHS', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const CURRENCY_SYMBOLS = Object.freeze({ GHS: 'GH₵', USD: '$' } as const satisfies Record<
  Currency,
  string
>);

export const APPOINTMENT_STATUSES = [
  'Ongoing',
  'Successful',
  'Unsuccessful',
  'Rescheduled',
  'Cancelled',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export function isAppointmentStatus(value: unknown): value is AppointmentStatus {
  return (APPOINTMENT_STATUSES as readonly unknown[]).includes(value);
}

// Appointments in these states still hold their slot.
export const ACTIVE_APPOINTMENT_STATUSES = ['Ongoing', 'Rescheduled'] as const;
export type ActiveAppointmentStatus = (typeof ACTIVE_APPOINTMENT_STATUSES)[number];

// Cancelled is reserved for the seeker's own cancel call; staff record outcomes only.
export const STAFF_APPOINTMENT_STATUSES = ['Ongoing', 'Successful', 'Unsuccessful', 'Rescheduled'] as const;
export type StaffAppointmentStatus = (typeof STAFF_APPOINTMENT_STATUSES)[number];

export const ENQUIRY_STATUSES = [
  'Pending',
  'Appointment booked',
  'Closed by others',
  'No longer interested',
] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export const ENQUIRY_PRIORITIES = ['High', 'Moderate', 'Low'] as const;
export type EnquiryPriority = (typeof ENQUIRY_PRIORITIES)[number];

export const PUBLIC_ENQUIRY_PROPERTY_TYPES = ['Apartment', 'House', 'Villa', 'Office', 'Land'] as const;
export const ADMIN_ENQUIRY_PROPERTY_TYPES = [
  'Apartment',
  'House',
  'Villa',
  'Studio',
  'Townhouse',
  'Condo',
  'Office',
  'Shop',
] as const;

// The stored enumeration must accept every choice either form offers, and the catalogue's own types.
export const ENQUIRY_PROPERTY_TYPES = [
  'Apartment',
  'House',
  'Townhouse',
  'Villa',
  'Land',
  'Commercial',
  'Office',
  'Studio',
  'Condo',
  'Shop',
] as const satisfies readonly (
  | PropertyType
  | (typeof PUBLIC_ENQUIRY_PROPERTY_TYPES)[number]
  | (typeof ADMIN_ENQUIRY_PROPERTY_TYPES)[number]
)[];
export type EnquiryPropertyType = (typeof ENQUIRY_PROPERTY_TYPES)[number];

export const APPROVAL_STATUSES = ['approved', 'unapproved'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPROVAL_ACTIONS = ['approve', 'unapprove'] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

export const ROLES = ['user', 'admin', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];

export const STAFF_ROLES = ['admin', 'superadmin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(role: unknown): role is StaffRole {
  return (STAFF_ROLES as readonly unknown[]).includes(role);
}

// The site's languages: English (the default, at `/`), French and Spanish. A seeker's profile keeps
// one; e-mails and the API's messages to a signed-in seeker follow it.
export const LANGUAGES = ['en', 'fr', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** A stored language as the site uses it: English for none (rows from before the setting) or an unknown one. */
export function knownLanguage(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

// `login` (a code instead of the password) and `phone` (adding a number) are sent by text only.
export const OTP_PURPOSES = ['register', 'reset', 'login', 'phone'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

// `reduced`: the most recently reduced first, then the listings never reduced, newest first.
export const LISTING_SORTS = ['newest', 'priceAsc', 'priceDesc', 'reduced'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

export const NO_AGENT_INVOLVED = 'No agent involved';
