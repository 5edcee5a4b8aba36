// The property page's islands: Book a Viewing and its form, the Interested? enquiry form (which the
// contact page shares), and the area map. The page hands each island its own language's texts as a
// prop, so an island's code carries no language and its HTML only the page's.
import type { Catalogues } from '@fie/domain';

const viewingEn = {
  notForViewing: 'Not available for viewing',
  bookViewing: 'Book a Viewing',
  loading: 'Loading…',
  bookTitle: 'Book a Property Viewing',
  close: 'Close',
  loadingTimes: 'Loading free times…',
  timesFailed: 'Failed to load free times. Please try again.',
  noTimes: 'No free viewing times in the next 14 days. Please send an enquiry instead.',
  dateLegend: 'Date (weekdays, next 14 days)',
  time: 'Time',
  chooseTime: 'Choose a time',
  chooseDateFirst: 'Choose a date first',
  comments: 'Comments',
  optional: '(optional)',
  bookingRules:
    'Viewings are booked at least 24 hours ahead and can be cancelled up to 24 hours before they start.',
  cancel: 'Cancel',
  booking: 'Booking…',
  confirmViewing: 'Confirm viewing',
  bookingPaused: 'Viewing bookings paused',
  stillBrowse: 'You can still browse properties and send enquiries.',
} as const;

export type ViewingKey = keyof typeof viewingEn;
export type ViewingTexts = Readonly<Record<ViewingKey, string>>;

export const VIEWING: Catalogues<ViewingKey> = {
  en: viewingEn,
  fr: {
    notForViewing: 'Pas de visite possible',
    bookViewing: 'Réserver une visite',
    loading: 'Chargement…',
    bookTitle: 'Réserver une visite du bien',
    close: 'Fermer',
    loadingTimes: 'Chargement des créneaux libres…',
    timesFailed: 'Impossible de charger les créneaux libres. Réessayez.',
    noTimes: 'Aucun créneau libre dans les 14 prochains jours. Envoyez-nous plutôt une demande.',
    dateLegend: 'Date (en semaine, dans les 14 prochains jours)',
    time: 'Heure',
    chooseTime: 'Choisissez une heure',
    chooseDateFirst: 'Choisissez d’abord une date',
    comments: 'Commentaires',
    optional: '(facultatif)',
    bookingRules:
      'Les visites se réservent au moins 24 heures à l’avance et peuvent être annulées jusqu’à 24 heures avant leur début.',
    cancel: 'Annuler',
    booking: 'Réservation…',
    confirmViewing: 'Confirmer la visite',
    bookingPaused: 'Réservations de visites suspendues',
    stillBrowse: 'Vous pouvez toujours consulter les biens et envoyer des demandes.',
  },
  es: {
    notForViewing: 'No disponible para visitas',
    bookViewing: 'Reservar una visita',
    loading: 'Cargando…',
    bookTitle: 'Reservar una visita al inmueble',
    close: 'Cerrar',
    loadingTimes: 'Cargando horas libres…',
    timesFailed: 'No se pudieron cargar las horas libres. Inténtalo de nuevo.',
    noTimes: 'No hay horas libres en los próximos 14 días. Envíanos una consulta en su lugar.',
    dateLegend: 'Fecha (entre semana, próximos 14 días)',
    time: 'Hora',
    chooseTime: 'Elige una hora',
    chooseDateFirst: 'Elige primero una fecha',
    comments: 'Comentarios',
    optional: '(opcional)',
    bookingRules:
      'Las visitas se reservan con al menos 24 horas de antelación y se pueden cancelar hasta 24 horas antes de empezar.',
    cancel: 'Cancelar',
    booking: 'Reservando…',
    confirmViewing: 'Confirmar visita',
    bookingPaused: 'Reservas de visitas en pausa',
    stillBrowse: 'Puedes seguir viendo inmuebles y enviando consultas.',
  },
};

const enquiryEn = {
  enquiryForm: 'Property enquiry',
  messageForm: 'Send us a message',
  enquiryThanks:
    'Thank you. We have your enquiry and will contact you soon; you can follow it on your {dashboard}.',
  dashboard: 'dashboard',
  fullName: 'Full name',
  phoneNumber: 'Phone number',
  emailOptional: 'E-mail (optional)',
  locationOptional: 'Preferred location (optional)',
  typeOptional: 'Property type (optional)',
  furnishingOptional: 'Furnishing (optional)',
  any: 'Any',
  budgetOptional: 'Budget (optional)',
  budgetExample: 'e.g. GH₵ 5,000 a month',
  messageOptional: 'Message (optional)',
  sending: 'Sending…',
  sendEnquiry: 'Send Enquiry',
  sendMessage: 'Send Message',
  signInFirst: 'You will be asked to sign in before the enquiry is sent.',
} as const;

export type EnquiryKey = keyof typeof enquiryEn;
export type EnquiryTexts = Readonly<Record<EnquiryKey, string>>;

export const ENQUIRY: Catalogues<EnquiryKey> = {
  en: enquiryEn,
  fr: {
    enquiryForm: 'Demande sur ce bien',
    messageForm: 'Envoyez-nous un message',
    enquiryThanks:
      'Merci. Nous avons bien reçu votre demande et vous contacterons bientôt ; vous pouvez la suivre depuis votre {dashboard}.',
    dashboard: 'tableau de bord',
    fullName: 'Nom complet',
    phoneNumber: 'Numéro de téléphone',
    emailOptional: 'E-mail (facultatif)',
    locationOptional: 'Quartier souhaité (facultatif)',
    typeOptional: 'Type de bien (facultatif)',
    furnishingOptional: 'Ameublement (facultatif)',
    any: 'Indifférent',
    budgetOptional: 'Budget (facultatif)',
    budgetExample: 'ex. GH₵ 5 000 par mois',
    messageOptional: 'Message (facultatif)',
    sending: 'Envoi…',
    sendEnquiry: 'Envoyer la demande',
    sendMessage: 'Envoyer le message',
    signInFirst: 'Il vous sera demandé de vous connecter avant l’envoi de la demande.',
  },
  es: {
    enquiryForm: 'Consulta sobre el inmueble',
    messageForm: 'Envíanos un mensaje',
    enquiryThanks:
      'Gracias. Hemos recibido tu consulta y te contactaremos pronto; puedes seguirla desde tu {dashboard}.',
    dashboard: 'panel',
    fullName: 'Nombre completo',
    phoneNumber: 'Número de teléfono',
    emailOptional: 'Correo electrónico (opcional)',
    locationOptional: 'Zona preferida (opcional)',
    typeOptional: 'Tipo de inmueble (opcional)',
    furnishingOptional: 'Amueblado (opcional)',
    any: 'Cualquiera',
    budgetOptional: 'Presupuesto (opcional)',
    budgetExample: 'p. ej. GH₵ 5.000 al mes',
    messageOptional: 'Mensaje (opcional)',
    sending: 'Enviando…',
    sendEnquiry: 'Enviar consulta',
    sendMessage: 'Enviar mensaje',
    signInFirst: 'Te pediremos que inicies sesión antes de enviar la consulta.',
  },
};

const areaMapEn = {
  mapOf: 'Map of the area around {place}',
  mapData: 'Map data',
  mapNeedsScript: 'The map needs JavaScript; the links below show the area.',
  mapCircle: 'The circle shows the area, not the exact home.',
  mapNoTiles: "The map's streets could not be loaded, so the area is shown on a plain background.",
  mapFailed: 'The map could not be loaded. The links below show the area.',
} as const;

export type AreaMapKey = keyof typeof areaMapEn;
export type AreaMapTexts = Readonly<Record<AreaMapKey, string>>;

export const AREA_MAP: Catalogues<AreaMapKey> = {
  en: areaMapEn,
  fr: {
    mapOf: 'Carte du quartier autour de {place}',
    mapData: 'Données cartographiques',
    mapNeedsScript: 'La carte a besoin de JavaScript ; les liens ci-dessous montrent le quartier.',
    mapCircle: 'Le cercle montre le quartier, pas l’emplacement exact du logement.',
    mapNoTiles: 'Les rues de la carte n’ont pas pu être chargées : le quartier est montré sur un fond uni.',
    mapFailed: 'La carte n’a pas pu être chargée. Les liens ci-dessous montrent le quartier.',
  },
  es: {
    mapOf: 'Mapa de la zona de {place}',
    mapData: 'Datos del mapa',
    mapNeedsScript: 'El mapa necesita JavaScript; los enlaces de abajo muestran la zona.',
    mapCircle: 'El círculo muestra la zona, no la ubicación exacta de la vivienda.',
    mapNoTiles: 'No se pudieron cargar las calles del mapa, así que la zona se muestra sobre un fondo liso.',
    mapFailed: 'No se pudo cargar el mapa. Los enlaces de abajo muestran la zona.',
  },
};
