import { formatPrice, propertyLabel, type SavedSearchFrequency } from '@fie/domain';

// The alert and price-drop e-mails' bodies: listing cards as e-mail clients show them (tables, inline
// styles, absolute links). Every value is escaped here; the caller puts the body in the branded frame.

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
const priceText = (p: CardProperty) =>
  `${formatPrice(p.priceGhs, 'GHS')}${p.leaseType === 'Rent' ? ' / month' : ''}`;
const titleOf = (p: CardProperty) => `${propertyLabel(p)} for ${p.leaseType.toLowerCase()}`;

function card(p: CardProperty, site: string, extra = ''): { html: string; text: string } {
  const link = `${site}/property/${encodeURIComponent(p._id)}`;
  const photo = photoUrl(p, site);
  const title = titleOf(p);
  const html = `<tr><td style="padding:0 0 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border:1px solid #e7e5e4;border-radius:8px">
<tr>${photo ? `<td width="136" style="padding:8px;vertical-align:top"><a href="${escapeHtml(link)}"><img src="${escapeHtml(photo)}" width="120" height="80" alt="" style="display:block;border-radius:6px;object-fit:cover"></a></td>` : ''}
<td style="padding:8px;vertical-align:top">
<a href="${escapeHtml(link)}" style="color:#1f2933;font-weight:bold;text-decoration:none">${escapeHtml(title)}</a>
<p style="margin:4px 0;font-weight:bold;color:#873b11">${escapeHtml(priceText(p))}${extra}</p>
<p style="margin:0;font-size:14px;color:#57534e">${escapeHtml(place(p))}</p>
</td></tr></table></td></tr>`;
  const text = `${title}\n${priceText(p)}\n${place(p)}\n${link}`;
  return { html, text };
}

const button = (href: string, label: string) =>
  `<p style="margin:8px 0 20px"><a href="${escapeHtml(href)}" style="display:inline-block;background:#a84a14;color:#ffffff;padding:10px 16px;border-radius:8px;font-weight:bold;text-decoration:none">${escapeHtml(label)}</a></p>`;

const paragraph = (text: string) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(text)}</p>`;
const small = (html: string) =>
  `<p style="margin:16px 0 0;font-size:12px;line-height:1.5;color:#57534e">${html}</p>`;

const WHEN: Record<SavedSearchFrequency, string> = {
  instant: 'as soon as new listings match',
  daily: 'every morning',
  weekly: 'every Monday morning',
};

/** A saved search's alert: at most ALERT_LISTINGS_MAX cards, and "See all N" when more matched. */
export function alertMail(input: {
  site: string;
  label: string;
  frequency: SavedSearchFrequency;
  listings: CardProperty[];
  total: number;
  listingPath: string;
  unsubscribeUrl: string;
}): { subject: string; title: string; html: string; text: string } {
  const { site, label, total } = input;
  const noun = total === 1 ? 'new listing matches' : 'new listings match';
  const title = `${total} ${noun} your search`;
  const cards = input.listings.map((p) => card(p, site));
  const seeAll = `${site}${input.listingPath}`;
  const manage = `${site}/dashboard#saved`;
  const html = [
    paragraph(`For “${label}”:`),
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${cards.map((c) => c.html).join('\n')}</table>`,
    button(seeAll, total > input.listings.length ? `See all ${total}` : 'See them on Fie Homes'),
    small(
      `You get this e-mail ${WHEN[input.frequency]} because you saved this search. <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#57534e">Turn off these alerts</a> · <a href="${escapeHtml(manage)}" style="color:#57534e">Manage saved searches</a>`,
    ),
  ].join('\n');
  const text = [
    `For “${label}”:`,
    '',
    ...cards.flatMap((c) => [c.text, '']),
    total > input.listings.length ? `See all ${total}: ${seeAll}` : `See them on Fie Homes: ${seeAll}`,
    '',
    `You get this e-mail ${WHEN[input.frequency]} because you saved this search.`,
    `Turn off these alerts: ${input.unsubscribeUrl}`,
    `Manage saved searches: ${manage}`,
  ].join('\n');
  return { subject: `${title}: ${label}`.slice(0, 200), title, html, text };
}

/** The price drops on a seeker's favourites since the last such e-mail, one card each. */
export function priceDropMail(input: {
  site: string;
  drops: Array<{ property: CardProperty; oldPriceGhs: number }>;
}): { subject: string; title: string; html: string; text: string } {
  const { site, drops } = input;
  const title =
    drops.length === 1
      ? 'A home you saved is cheaper now'
      : `${drops.length} homes you saved are cheaper now`;
  const cards = drops.map(({ property, oldPriceGhs }) =>
    card(
      property,
      site,
      ` <span style="font-weight:normal;color:#57534e;text-decoration:line-through">${escapeHtml(formatPrice(oldPriceGhs, 'GHS'))}</span>`,
    ),
  );
  const settings = `${site}/settings`;
  const html = [
    paragraph(
      drops.length === 1
        ? 'The price of a property in your favourites went down:'
        : 'The prices of properties in your favourites went down:',
    ),
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${cards.map((c) => c.html).join('\n')}</table>`,
    button(`${site}/dashboard#saved`, 'See your favourites'),
    small(
      `You get this e-mail because these properties are in your favourites and your e-mail notifications are on. <a href="${escapeHtml(settings)}" style="color:#57534e">Notification settings</a>`,
    ),
  ].join('\n');
  const text = [
    drops.length === 1
      ? 'The price of a property in your favourites went down:'
      : 'The prices of properties in your favourites went down:',
    '',
    ...drops.flatMap(({ oldPriceGhs }, i) => [
      `${cards[i]!.text}\nWas ${formatPrice(oldPriceGhs, 'GHS')}`,
      '',
    ]),
    `See your favourites: ${site}/dashboard#saved`,
    `Notification settings: ${settings}`,
  ].join('\n');
  return { subject: title, title, html, text };
}
