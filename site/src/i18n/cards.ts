// A property as a card shows it (the home page's featured list, the listing pages): badges, price
// line, rooms, and how fresh its availability is.
import { PROPERTY_LABEL_PATTERNS, type Catalogues } from '@fie/domain';

const en = {
  typeIn: PROPERTY_LABEL_PATTERNS.en,
  reduced: 'Reduced',
  reducedBy: ' by {amount}',
  perMonth: ' / month',
  bedrooms: 'bedrooms',
  bed: 'bed',
  bathrooms: 'bathrooms',
  bath: 'bath',
  imageUnavailable: 'Property Image Not Available',
  advanceOne: "{count} month's advance",
  advanceOther: "{count} months' advance",
  saveToFavourites: 'Save to favourites',
  confirmedToday: 'Availability confirmed today',
  confirmedYesterday: 'Availability confirmed yesterday',
  confirmedDaysAgo: 'Availability confirmed {count} days ago',
  confirmedOn: 'Availability confirmed on {date}',
  unconfirmed: 'May no longer be available — ask us first',
} as const;

export type CardKey = keyof typeof en;

export const CARDS: Catalogues<CardKey> = {
  en,
  fr: {
    typeIn: PROPERTY_LABEL_PATTERNS.fr,
    reduced: 'Prix baissé',
    reducedBy: ' de {amount}',
    perMonth: ' / mois',
    bedrooms: 'chambres',
    bed: 'ch.',
    bathrooms: 'salles de bain',
    bath: 'sdb',
    imageUnavailable: 'Photo du bien indisponible',
    advanceOne: "{count} mois d'avance",
    advanceOther: "{count} mois d'avance",
    saveToFavourites: 'Ajouter aux favoris',
    confirmedToday: "Disponibilité confirmée aujourd'hui",
    confirmedYesterday: 'Disponibilité confirmée hier',
    confirmedDaysAgo: 'Disponibilité confirmée il y a {count} jours',
    confirmedOn: 'Disponibilité confirmée le {date}',
    unconfirmed: 'Peut-être plus disponible : renseignez-vous d’abord',
  },
  es: {
    typeIn: PROPERTY_LABEL_PATTERNS.es,
    reduced: 'Rebajado',
    reducedBy: ' en {amount}',
    perMonth: ' / mes',
    bedrooms: 'dormitorios',
    bed: 'dorm.',
    bathrooms: 'baños',
    bath: 'baños',
    imageUnavailable: 'Foto del inmueble no disponible',
    advanceOne: '{count} mes por adelantado',
    advanceOther: '{count} meses por adelantado',
    saveToFavourites: 'Guardar en favoritos',
    confirmedToday: 'Disponibilidad confirmada hoy',
    confirmedYesterday: 'Disponibilidad confirmada ayer',
    confirmedDaysAgo: 'Disponibilidad confirmada hace {count} días',
    confirmedOn: 'Disponibilidad confirmada el {date}',
    unconfirmed: 'Puede que ya no esté disponible: pregúntanos antes',
  },
};
