import {
  alertText,
  fill,
  formatPrice,
  PROPERTY_TYPE_WORDS,
  type Catalogues,
  type Language,
  type SavedSearchFrequency,
} from '@fie/domain';
import { sitePathIn } from '../../shared/mail-language';

// The alert and price-drop e-mails' bodies: listing cards as e-mail clients show them (tables, inline
// styles, absolute links), in the seeker's language. Every value is escaped here; the caller puts the
// body in the branded frame.

/**
 * The e-mails' words. `{type}` is a property type's word (@fie/domain's PROPERTY_TYPE_WORDS), `{location}` the property's location
 * as staff wrote it, `{count}` a number; `…One` and `…Other` are the plural forms Intl.PluralRules
 * picks between.
 */
const en = {
  card_Rent: '{type} in {location} for rent',
  card_Sale: '{type} in {location} for sale',
  perMonth: '{price} / month',
  was: 'Was {price}',
  alertTitleOne: '{count} new listing matches your search',
  alertTitleOther: '{count} new listings match your search',
  alertSubject: '{title}: {label}',
  forSearch: 'For “{label}”:',
  seeAll: 'See all {count}',
  seeThem: 'See them on {brand}',
  when_instant: 'as soon as new listings match',
  when_daily: 'every morning',
  when_weekly: 'every Monday morning',
  whyAlert: 'You get this e-mail {when} because you saved this search.',
  turnOff: 'Turn off these alerts',
  manage: 'Manage saved searches',
  dropTitleOne: 'A home you saved is cheaper now',
  dropTitleOther: '{count} homes you saved are cheaper now',
  dropLeadOne: 'The price of a property in your favourites went down:',
  dropLeadOther: 'The prices of properties in your favourites went down:',
  seeFavourites: 'See your favourites',
  whyDrop:
    'You get this e-mail because these properties are in your favourites and your e-mail notifications are on.',
  notificationSettings: 'Notification settings',
} as const;

type Key = keyof typeof en;

export const ALERT_MAIL_TEXT: Catalogues<Key> = {
  en,
  fr: {
    card_Rent: '{type} à louer, {location}',
    card_Sale: '{type} à vendre, {location}',
    perMonth: '{price} / mois',
    was: 'Avant : {price}',
    alertTitleOne: '{count} nouvelle annonce correspond à votre recherche',
    alertTitleOther: '{count} nouvelles annonces correspondent à votre recherche',
    alertSubject: '{title} : {label}',
    forSearch: 'Pour « {label} » :',
    seeAll: 'Voir les {count} annonces',
    seeThem: 'Les voir sur {brand}',
    when_instant: 'dès que de nouvelles annonces correspondent',
    when_daily: 'chaque matin',
    when_weekly: 'chaque lundi matin',
    whyAlert: 'Vous recevez cet e-mail {when}, parce que vous avez enregistré cette recherche.',
    turnOff: 'Désactiver ces alertes',
    manage: 'Gérer mes recherches enregistrées',
    dropTitleOne: 'Un bien de vos favoris a baissé de prix',
    dropTitleOther: '{count} biens de vos favoris ont baissé de prix',
    dropLeadOne: 'Le prix d’un bien de vos favoris a baissé :',
    dropLeadOther: 'Le prix de biens de vos favoris a baissé :',
    seeFavourites: 'Voir mes favoris',
    whyDrop:
      'Vous recevez cet e-mail parce que ces biens sont dans vos favoris et que vos notifications par e-mail sont activées.',
    notificationSettings: 'Réglages des notifications',
  },
  es: {
    card_Rent: '{type} en alquiler, {location}',
    card_Sale: '{type} en venta, {location}',
    perMonth: '{price} / mes',
    was: 'Antes: {price}',
    alertTitleOne: '{count} anuncio nuevo coincide con tu búsqueda',
    alertTitleOther: '{count} anuncios nuevos coinciden con tu búsqueda',
    alertSubject: '{title}: {label}',
    forSearch: 'Para «{label}»:',
    seeAll: 'Ver los {count} anuncios',
    seeThem: 'Verlos en {brand}',
    when_instant: 'en cuanto hay anuncios nuevos que coinciden',
    when_daily: 'cada mañana',
    when_weekly: 'cada lunes por la mañana',
    whyAlert: 'Recibes este correo {when} porque guardaste esta búsqueda.',
    turnOff: 'Desactivar estas alertas',
    manage: 'Gestionar mis búsquedas guardadas',
    dropTitleOne: 'Una propiedad de tus favoritos ha bajado de precio',
    dropTitleOther: '{count} propiedades de tus favoritos han bajado de precio',
    dropLeadOne: 'El precio de una propiedad de tus favoritos ha bajado:',
    dropLeadOther: 'Ha bajado el precio de varias propiedades de tus favoritos:',
    seeFavourites: 'Ver mis favoritos',
    whyDrop:
      'Recibes este correo porque estas propiedades están en tus favoritos y tienes activadas las notificaciones por correo.',
    notificationSettings: 'Ajustes de notificaciones',
  },
};

const NUMBER_LOCALE: Record<Language, string> = { en: 'en-US', fr: 'fr-FR', es: 'es-ES' };

/** The words of one language, with its plural forms and price format. */
function wordsIn(language: Language) {
  const t = ALERT_MAIL_TEXT[language];
  const plural = new Intl.PluralRules(NUMBER_LOCALE[language]);
  return {
    say: (key: Key, values?: Record<string, string | number>) => fill(t[key], values),
    counted: (one: Key, other: Key, count: number) =>
      fill(t[plural.select(count) === 'one' ? one : other], { count }),
    price: (ghs: number) => formatPrice(ghs, 'GHS', NUMBER_LOCALE[language]),
    // The domain's words for the types, as the site's pages and the viewing e-mails name them.
    typeWord: (type: string) =>
      (PROPERTY_TYPE_WORDS[language] as Readonly<Record<string, string>>)[type] ?? type,
    link: (site: string, path: string) => `${site}${sitePathIn(language, path)}`,
  };
}
type Words = ReturnType<typeof wordsIn>;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** What a card needs of a property's public answer. */
export interface CardProperty {
  _id: string;
  propertyType: string;
  leaseType: string;
  location: string;
  priceGhs: number;
  images?: string[];
  media?: Array<{ url: string; formats?: Record<string, { url: string } | undefined> | null }>;
  city?: { name: string } | null;
}

/** An absolute address for a photo (uploads are served by the site under /uploads). */
function photoUrl(p: CardProperty, site: string): string | null {
  const media = p.media?.[0];
  const url = media?.formats?.small?.url ?? media?.formats?.thumbnail?.url ?? media?.url ?? p.images?.[0];
  if (!url) return null;
  return /^https?:\/\//.test(url) ? url : `${site}${url.startsWith('/') ? '' : '/'}${url}`;
}

const place = (p: CardProperty) =>
  p.city?.name && !p.location.includes(p.city.name) ? `${p.location}, ${p.city.name}` : p.location;
const priceText = (p: CardProperty, w: Words) =>
  p.leaseType === 'Rent' ? w.say('perMonth', { price: w.price(p.priceGhs) }) : w.price(p.priceGhs);
const titleOf = (p: CardProperty, w: Words) =>
  w.say(p.leaseType === 'Rent' ? 'card_Rent' : 'card_Sale', {
    type: w.typeWord(p.propertyType),
    location: p.location,
  });

function card(p: CardProperty, site: string, w: Words, extra = ''): { html: string; text: string } {
  const link = w.link(site, `/property/${encodeURIComponent(p._id)}`);
  const photo = photoUrl(p, site);
  const title = titleOf(p, w);
  const html = `<tr><td style="padding:0 0 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border:1px solid #e7e5e4;border-radius:8px">
<tr>${photo ? `<td width="136" style="padding:8px;vertical-align:top"><a href="${escapeHtml(link)}"><img src="${escapeHtml(photo)}" width="120" height="80" alt="" style="display:block;border-radius:6px;object-fit:cover"></a></td>` : ''}
<td style="padding:8px;vertical-align:top">
<a href="${escapeHtml(link)}" style="color:#1f2933;font-weight:bold;text-decoration:none">${escapeHtml(title)}</a>
<p style="margin:4px 0;font-weight:bold;color:#873b11">${escapeHtml(priceText(p, w))}${extra}</p>
<p style="margin:0;font-size:14px;color:#57534e">${escapeHtml(place(p))}</p>
</td></tr></table></td></tr>`;
  const text = `${title}\n${priceText(p, w)}\n${place(p)}\n${link}`;
  return { html, text };
}

const button = (href: string, label: string) =>
  `<p style="margin:8px 0 20px"><a href="${escapeHtml(href)}" style="display:inline-block;background:#a84a14;color:#ffffff;padding:10px 16px;border-radius:8px;font-weight:bold;text-decoration:none">${escapeHtml(label)}</a></p>`;

const paragraph = (text: string) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(text)}</p>`;
const small = (html: string) =>
  `<p style="margin:16px 0 0;font-size:12px;line-height:1.5;color:#57534e">${html}</p>`;

/**
 * The text of an instant alert: its newest match in one GSM-7 part (title, price, the page's link), in
 * the seeker's language. The e-mail carries the rest.
 */
export function alertSms(language: Language, site: string, p: CardProperty): string {
  const w = wordsIn(language);
  return alertText(language, {
    title: titleOf(p, w),
    price: p.priceGhs,
    perMonth: p.leaseType === 'Rent',
    link: w.link(site, `/property/${encodeURIComponent(p._id)}`),
  });
}

/** A saved search's alert: at most ALERT_LISTINGS_MAX cards, and "See all N" when more matched. */
export function alertMail(input: {
  site: string;
  brand: string;
  language: Language;
  label: string;
  frequency: SavedSearchFrequency;
  listings: CardProperty[];
  total: number;
  listingPath: string;
  unsubscribeUrl: string;
}): { subject: string; title: string; html: string; text: string } {
  const { site, label, total } = input;
  const w = wordsIn(input.language);
  const title = w.counted('alertTitleOne', 'alertTitleOther', total);
  const cards = input.listings.map((p) => card(p, site, w));
  const seeAll = w.link(site, input.listingPath);
  const manage = w.link(site, '/dashboard#saved');
  const seeLabel =
    total > input.listings.length
      ? w.say('seeAll', { count: total })
      : w.say('seeThem', { brand: input.brand });
  const why = w.say('whyAlert', { when: w.say(`when_${input.frequency}`) });
  const html = [
    paragraph(w.say('forSearch', { label })),
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${cards.map((c) => c.html).join('\n')}</table>`,
    button(seeAll, seeLabel),
    small(
      `${escapeHtml(why)} <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#57534e">${escapeHtml(w.say('turnOff'))}</a> · <a href="${escapeHtml(manage)}" style="color:#57534e">${escapeHtml(w.say('manage'))}</a>`,
    ),
  ].join('\n');
  const text = [
    w.say('forSearch', { label }),
    '',
    ...cards.flatMap((c) => [c.text, '']),
    `${seeLabel}: ${seeAll}`,
    '',
    why,
    `${w.say('turnOff')}: ${input.unsubscribeUrl}`,
    `${w.say('manage')}: ${manage}`,
  ].join('\n');
  return { subject: w.say('alertSubject', { title, label }).slice(0, 200), title, html, text };
}

/** The price drops on a seeker's favourites since the last such e-mail, one card each. */
export function priceDropMail(input: {
  site: string;
  language: Language;
  drops: Array<{ property: CardProperty; oldPriceGhs: number }>;
}): { subject: string; title: string; html: string; text: string } {
  const { site, drops } = input;
  const w = wordsIn(input.language);
  const title = drops.length === 1 ? w.say('dropTitleOne') : w.say('dropTitleOther', { count: drops.length });
  const lead = drops.length === 1 ? w.say('dropLeadOne') : w.say('dropLeadOther');
  const cards = drops.map(({ property, oldPriceGhs }) =>
    card(
      property,
      site,
      w,
      ` <span style="font-weight:normal;color:#57534e;text-decoration:line-through">${escapeHtml(w.price(oldPriceGhs))}</span>`,
    ),
  );
  const favourites = w.link(site, '/dashboard#saved');
  const settings = w.link(site, '/settings');
  const html = [
    paragraph(lead),
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${cards.map((c) => c.html).join('\n')}</table>`,
    button(favourites, w.say('seeFavourites')),
    small(
      `${escapeHtml(w.say('whyDrop'))} <a href="${escapeHtml(settings)}" style="color:#57534e">${escapeHtml(w.say('notificationSettings'))}</a>`,
    ),
  ].join('\n');
  const text = [
    lead,
    '',
    ...drops.flatMap(({ oldPriceGhs }, i) => [
      `${cards[i]!.text}\n${w.say('was', { price: w.price(oldPriceGhs) })}`,
      '',
    ]),
    `${w.say('seeFavourites')}: ${favourites}`,
    `${w.say('notificationSettings')}: ${settings}`,
  ].join('\n');
  return { subject: title, title, html, text };
}
