// The contact page. The office's address, hours and links come from the site settings as marketing
// wrote them.
import type { Catalogues } from '@fie/domain';

const en = {
  title: 'Contact Us',
  description:
    'Call, e-mail or visit {brand} in Accra, or send us a message about the property you are looking for.',
  intro: 'Questions about a property, a viewing or a listing? Call, write or visit us.',
  office: 'Our office',
  workingHours: 'Working hours',
  followUs: 'Follow us',
  officeMap: 'Map of our office',
  officeMapFrame: 'Map: {brand} office',
  largerMap: 'Open a larger map',
  mapCredit: '(© OpenStreetMap contributors)',
  sendUsAMessage: 'Send Us a Message',
  sendUsAMessageDetail:
    'Tell us what you are looking for and we will get back to you within one working day.',
  usuallyRepliesMinutes: 'We usually reply within {count} minutes (working hours, last 30 days).',
  usuallyRepliesHours: 'We usually reply within {count} hours (working hours, last 30 days).',
} as const;

export type ContactKey = keyof typeof en;

export const CONTACT: Catalogues<ContactKey> = {
  en,
  fr: {
    title: 'Nous contacter',
    description:
      'Appelez, écrivez ou rendez visite à {brand} à Accra, ou envoyez-nous un message sur le bien que vous recherchez.',
    intro:
      'Une question sur un bien, une visite ou une annonce ? Appelez-nous, écrivez-nous ou passez nous voir.',
    office: 'Notre agence',
    workingHours: 'Horaires d’ouverture',
    followUs: 'Suivez-nous',
    officeMap: 'Plan d’accès à notre agence',
    officeMapFrame: 'Carte : agence {brand}',
    largerMap: 'Ouvrir une carte plus grande',
    mapCredit: '(© les contributeurs d’OpenStreetMap)',
    sendUsAMessage: 'Envoyez-nous un message',
    sendUsAMessageDetail: 'Dites-nous ce que vous recherchez : nous vous répondons sous un jour ouvré.',
    usuallyRepliesMinutes:
      'Nous répondons en général en moins de {count} minutes (heures ouvrées, 30 derniers jours).',
    usuallyRepliesHours:
      'Nous répondons en général en moins de {count} heures (heures ouvrées, 30 derniers jours).',
  },
  es: {
    title: 'Contacto',
    description:
      'Llama, escribe o visita {brand} en Acra, o envíanos un mensaje sobre el inmueble que buscas.',
    intro: '¿Dudas sobre un inmueble, una visita o un anuncio? Llámanos, escríbenos o ven a vernos.',
    office: 'Nuestra oficina',
    workingHours: 'Horario de atención',
    followUs: 'Síguenos',
    officeMap: 'Mapa de nuestra oficina',
    officeMapFrame: 'Mapa: oficina de {brand}',
    largerMap: 'Abrir un mapa más grande',
    mapCredit: '(© colaboradores de OpenStreetMap)',
    sendUsAMessage: 'Envíanos un mensaje',
    sendUsAMessageDetail: 'Cuéntanos qué buscas y te responderemos en un día laborable.',
    usuallyRepliesMinutes:
      'Solemos responder en menos de {count} minutos (horario laboral, últimos 30 días).',
    usuallyRepliesHours: 'Solemos responder en menos de {count} horas (horario laboral, últimos 30 días).',
  },
};
