// The about, services and legal pages' own words; their copy is marketing's, read in the page's
// language from the cms.
import type { Catalogues } from '@fie/domain';

const en = {
  aboutUs: 'About us',
  loadFailed: 'This page could not be loaded. Please try again.',
  whoWeAre: 'Who we are',
  ourMission: 'Our mission',
  ourVision: 'Our vision',
  whatWeDo: 'What we do',
  ourValues: 'Our values',
  ourTeam: 'Our team',
  servicesTitle: 'Our Services',
  servicesDescription:
    'Rentals, sales, land and commercial property across Ghana, with viewings you can book online.',
  servicesIntro: 'What we do for tenants, buyers, landlords and businesses across Ghana.',
  browseService: 'Browse {service}',
  somethingElse: 'Looking for something we have not listed? {link} and our agents will search for you.',
  sendUsAMessage: 'Send us a message',
  termsTitle: 'Terms of Service',
  privacyTitle: 'Privacy Policy',
  lastUpdated: 'Last updated {date}',
  notPublished: 'This page has not been published yet.',
  missedOne: '{count} missed viewing',
  missedOther: '{count} missed viewings',
  daysOne: '{count} day',
  daysOther: '{count} days',
  noShowRule: '{missed} within {window} pause booking for {pause}',
} as const;

export type AboutKey = keyof typeof en;

export const ABOUT: Catalogues<AboutKey> = {
  en,
  fr: {
    aboutUs: 'À propos',
    loadFailed: 'Impossible de charger cette page. Réessayez.',
    whoWeAre: 'Qui sommes-nous',
    ourMission: 'Notre mission',
    ourVision: 'Notre vision',
    whatWeDo: 'Ce que nous faisons',
    ourValues: 'Nos valeurs',
    ourTeam: 'Notre équipe',
    servicesTitle: 'Nos services',
    servicesDescription:
      'Location, vente, terrains et immobilier d’entreprise partout au Ghana, avec des visites à réserver en ligne.',
    servicesIntro:
      'Ce que nous faisons pour les locataires, les acheteurs, les propriétaires et les entreprises au Ghana.',
    browseService: 'Voir les biens : {service}',
    somethingElse:
      'Vous cherchez quelque chose que nous ne proposons pas ? {link} : nos agents chercheront pour vous.',
    sendUsAMessage: 'Envoyez-nous un message',
    termsTitle: 'Conditions d’utilisation',
    privacyTitle: 'Politique de confidentialité',
    lastUpdated: 'Mis à jour le {date}',
    notPublished: 'Cette page n’a pas encore été publiée.',
    missedOne: '{count} absence à une visite',
    missedOther: '{count} absences à des visites',
    daysOne: '{count} jour',
    daysOther: '{count} jours',
    noShowRule: 'au bout de {missed} en {window}, les réservations sont suspendues pendant {pause}',
  },
  es: {
    aboutUs: 'Quiénes somos',
    loadFailed: 'No se pudo cargar esta página. Inténtalo de nuevo.',
    whoWeAre: 'Quiénes somos',
    ourMission: 'Nuestra misión',
    ourVision: 'Nuestra visión',
    whatWeDo: 'Qué hacemos',
    ourValues: 'Nuestros valores',
    ourTeam: 'Nuestro equipo',
    servicesTitle: 'Nuestros servicios',
    servicesDescription:
      'Alquiler, venta, terrenos e inmuebles comerciales en todo Ghana, con visitas que se reservan en línea.',
    servicesIntro: 'Lo que hacemos por inquilinos, compradores, propietarios y empresas en todo Ghana.',
    browseService: 'Ver inmuebles: {service}',
    somethingElse: '¿Buscas algo que no tenemos publicado? {link} y nuestros agentes lo buscarán por ti.',
    sendUsAMessage: 'Envíanos un mensaje',
    termsTitle: 'Condiciones de uso',
    privacyTitle: 'Política de privacidad',
    lastUpdated: 'Actualizado el {date}',
    notPublished: 'Esta página aún no se ha publicado.',
    missedOne: '{count} ausencia a una visita',
    missedOther: '{count} ausencias a visitas',
    daysOne: '{count} día',
    daysOther: '{count} días',
    noShowRule: 'tras {missed} en {window}, las reservas se suspenden durante {pause}',
  },
};
