// The product's fixed lists as a visitor reads them: property types, lease types, furnish states,
// property states and amenities. The stored values stay English (they are the API's contract); only
// what a page shows is translated. Each list's keys are exactly the domain's values
// (tests/i18n-catalogues.test.ts), so a value added to the domain fails until it is translated.
import {
  AMENITIES,
  APPOINTMENT_STATUSES,
  ENQUIRY_STATUSES,
  SAVED_SEARCH_FREQUENCIES,
  type AppointmentStatus,
  type EnquiryStatus,
  type SavedSearchFrequency,
  FURNISH_STATUSES,
  LEASE_TYPES,
  PROPERTY_STATES,
  PROPERTY_TYPES,
  PROPERTY_TYPE_WORDS as DOMAIN_PROPERTY_TYPE_WORDS,
  PUBLIC_ENQUIRY_PROPERTY_TYPES,
  type Amenity,
  type FurnishStatus,
  type Language,
  type LeaseType,
  type PropertyState,
  type PropertyType,
} from '@fie/domain';
import { REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason } from '@fie/domain/report-words';

type Words<V extends string> = Readonly<Record<Language, Readonly<Record<V, string>>>>;

// One property's type: the domain's words, which the cms's e-mails and invites use too.
export const PROPERTY_TYPE_WORDS: Words<PropertyType> = DOMAIN_PROPERTY_TYPE_WORDS;

/** A listing's lease as its badge says it: "For Rent". */
export const FOR_LEASE_WORDS: Words<LeaseType> = {
  en: { Rent: 'For Rent', Sale: 'For Sale' },
  fr: { Rent: 'À louer', Sale: 'À vendre' },
  es: { Rent: 'En alquiler', Sale: 'En venta' },
};

export const FURNISH_WORDS: Words<FurnishStatus> = {
  en: {
    'Fully furnished': 'Fully furnished',
    'Semi furnished': 'Semi furnished',
    'Not furnished': 'Not furnished',
  },
  fr: {
    'Fully furnished': 'Entièrement meublé',
    'Semi furnished': 'Semi-meublé',
    'Not furnished': 'Non meublé',
  },
  es: {
    'Fully furnished': 'Totalmente amueblado',
    'Semi furnished': 'Semiamueblado',
    'Not furnished': 'Sin amueblar',
  },
};

export const PROPERTY_STATE_WORDS: Words<PropertyState> = {
  en: {
    New: 'New',
    'Fairly Used': 'Fairly Used',
    Renovated: 'Renovated',
    'Quite old': 'Quite old',
    Uncompleted: 'Uncompleted',
  },
  fr: {
    New: 'Neuf',
    'Fairly Used': 'Bon état',
    Renovated: 'Rénové',
    'Quite old': 'Assez ancien',
    Uncompleted: 'Inachevé',
  },
  es: {
    New: 'Nuevo',
    'Fairly Used': 'Buen estado',
    Renovated: 'Reformado',
    'Quite old': 'Bastante antiguo',
    Uncompleted: 'Sin terminar',
  },
};

export const AMENITY_WORDS: Words<Amenity> = {
  en: Object.fromEntries(AMENITIES.map((a) => [a, a])) as Record<Amenity, string>,
  fr: {
    Pool: 'Piscine',
    Garage: 'Garage',
    "Boy's Quarters": 'Logement du personnel',
    Garden: 'Jardin',
    Gym: 'Salle de sport',
    WiFi: 'Wi-Fi',
    'Air Conditioner': 'Climatisation',
    Spa: 'Spa',
    Storage: 'Rangement',
    'Parking Space': 'Place de parking',
    'Tennis Court': 'Court de tennis',
    'Football Field': 'Terrain de football',
    'Basketball Court': 'Terrain de basket',
    'Security Post': 'Poste de sécurité',
    'CCTV Surveillance': 'Vidéosurveillance',
    'Solar Power System': 'Installation solaire',
    'Backup Generator': 'Groupe électrogène',
    Playground: 'Aire de jeux',
    'Outdoor Kitchen/BBQ Area': 'Cuisine extérieure et barbecue',
    'Smart Home Features': 'Maison connectée',
  },
  es: {
    Pool: 'Piscina',
    Garage: 'Garaje',
    "Boy's Quarters": 'Vivienda de servicio',
    Garden: 'Jardín',
    Gym: 'Gimnasio',
    WiFi: 'Wifi',
    'Air Conditioner': 'Aire acondicionado',
    Spa: 'Spa',
    Storage: 'Trastero',
    'Parking Space': 'Plaza de aparcamiento',
    'Tennis Court': 'Pista de tenis',
    'Football Field': 'Campo de fútbol',
    'Basketball Court': 'Cancha de baloncesto',
    'Security Post': 'Caseta de seguridad',
    'CCTV Surveillance': 'Videovigilancia',
    'Solar Power System': 'Energía solar',
    'Backup Generator': 'Generador de respaldo',
    Playground: 'Parque infantil',
    'Outdoor Kitchen/BBQ Area': 'Cocina exterior con barbacoa',
    'Smart Home Features': 'Domótica',
  },
};

/** The contact form's property types (the listing's, and an office). */
export const ENQUIRY_TYPE_WORDS: Words<(typeof PUBLIC_ENQUIRY_PROPERTY_TYPES)[number]> = {
  en: { Apartment: 'Apartment', House: 'House', Villa: 'Villa', Office: 'Office', Land: 'Land' },
  fr: { Apartment: 'Appartement', House: 'Maison', Villa: 'Villa', Office: 'Bureau', Land: 'Terrain' },
  es: { Apartment: 'Apartamento', House: 'Casa', Villa: 'Villa', Office: 'Oficina', Land: 'Terreno' },
};

/** Why a visitor reports a listing (staff read the English labels in the back-office). */
export const REPORT_REASON_WORDS: Words<ReportReason> = {
  en: REPORT_REASON_LABELS,
  fr: {
    'already-let': 'Déjà loué ou vendu',
    'wrong-price': 'Le prix est faux',
    'asked-to-pay': 'On m’a demandé de payer pour visiter',
    'wrong-photos': 'Les photos ne sont pas celles de ce bien',
    other: 'Autre chose',
  },
  es: {
    'already-let': 'Ya está alquilado o vendido',
    'wrong-price': 'El precio no es correcto',
    'asked-to-pay': 'Alguien me pidió dinero por visitarlo',
    'wrong-photos': 'Las fotos no son de este inmueble',
    other: 'Otra cosa',
  },
};

/** A viewing's status on the seeker's dashboard. */
export const APPOINTMENT_STATUS_WORDS: Words<AppointmentStatus> = {
  en: {
    Ongoing: 'Ongoing',
    Successful: 'Successful',
    Unsuccessful: 'Unsuccessful',
    Rescheduled: 'Rescheduled',
    Cancelled: 'Cancelled',
  },
  fr: {
    Ongoing: 'Prévue',
    Successful: 'Effectuée',
    Unsuccessful: 'Non effectuée',
    Rescheduled: 'Reprogrammée',
    Cancelled: 'Annulée',
  },
  es: {
    Ongoing: 'Programada',
    Successful: 'Realizada',
    Unsuccessful: 'No realizada',
    Rescheduled: 'Reprogramada',
    Cancelled: 'Cancelada',
  },
};

/** An enquiry's status on the seeker's dashboard. */
export const ENQUIRY_STATUS_WORDS: Words<EnquiryStatus> = {
  en: {
    Pending: 'Pending',
    'Appointment booked': 'Appointment booked',
    'Closed by others': 'Closed by others',
    'No longer interested': 'No longer interested',
  },
  fr: {
    Pending: 'En attente',
    'Appointment booked': 'Visite réservée',
    'Closed by others': 'Conclue par d’autres',
    'No longer interested': 'Plus intéressé',
  },
  es: {
    Pending: 'Pendiente',
    'Appointment booked': 'Visita reservada',
    'Closed by others': 'Cerrada por otros',
    'No longer interested': 'Ya no le interesa',
  },
};

/** How often a saved search's alerts come. */
export const FREQUENCY_WORDS: Words<SavedSearchFrequency> = {
  en: { instant: 'Instant', daily: 'Daily', weekly: 'Weekly' },
  fr: { instant: 'Immédiates', daily: 'Quotidiennes', weekly: 'Hebdomadaires' },
  es: { instant: 'Inmediatas', daily: 'Diarias', weekly: 'Semanales' },
};

/** Each list with the domain values it must cover, for the completeness test. */
export const ENUMERATIONS = [
  { name: 'property types', values: PROPERTY_TYPES, words: PROPERTY_TYPE_WORDS },
  { name: 'lease types', values: LEASE_TYPES, words: FOR_LEASE_WORDS },
  { name: 'furnish states', values: FURNISH_STATUSES, words: FURNISH_WORDS },
  { name: 'property states', values: PROPERTY_STATES, words: PROPERTY_STATE_WORDS },
  { name: 'amenities', values: AMENITIES, words: AMENITY_WORDS },
  { name: 'contact form property types', values: PUBLIC_ENQUIRY_PROPERTY_TYPES, words: ENQUIRY_TYPE_WORDS },
  { name: 'report reasons', values: REPORT_REASONS, words: REPORT_REASON_WORDS },
  { name: 'viewing statuses', values: APPOINTMENT_STATUSES, words: APPOINTMENT_STATUS_WORDS },
  { name: 'enquiry statuses', values: ENQUIRY_STATUSES, words: ENQUIRY_STATUS_WORDS },
  { name: 'alert frequencies', values: SAVED_SEARCH_FREQUENCIES, words: FREQUENCY_WORDS },
] as const;

/** A stored value in `language`; a value the list does not know (older data) is shown as stored. */
export function wordFor<V extends string>(words: Words<V>, language: Language, value: string): string {
  return (words[language] as Record<string, string>)[value] ?? value;
}

/**
 * The stored values the seeker's dashboard shows, as `language` names them: property types, viewing
 * and enquiry statuses, "For Rent" / "For Sale" and alert frequencies ("frequency:daily"), keyed so.
 */
export function dashboardValues(language: Language): Readonly<Record<string, string>> {
  const frequencies = Object.fromEntries(
    Object.entries(FREQUENCY_WORDS[language]).map(([frequency, word]) => [`frequency:${frequency}`, word]),
  );
  const forLease = Object.fromEntries(
    Object.entries(FOR_LEASE_WORDS[language]).map(([lease, word]) => [`For ${lease}`, word]),
  );
  return {
    ...PROPERTY_TYPE_WORDS[language],
    ...APPOINTMENT_STATUS_WORDS[language],
    ...ENQUIRY_STATUS_WORDS[language],
    ...forLease,
    ...frequencies,
  };
}
