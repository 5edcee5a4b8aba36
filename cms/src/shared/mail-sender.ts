// Who an e-mail says it is from, and how it is signed: the nodemailer transport's DKIM options read
// from the settings (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY), and the From header's display name.
// scripts/check-env.mjs refuses a malformed key before Strapi starts; these only read what it let through.

/**
 * The headers each signature covers (its `h=`): nodemailer's own list (RFC 6376's recommended set),
 * plus List-Unsubscribe-Post, which RFC 8058 requires to be signed with List-Unsubscribe for a
 * one-click unsubscribe to be honoured. A header a message lacks is left out of its `h=`.
 */
export const DKIM_SIGNED_HEADERS = [
  'From',
  'Sender',
  'Reply-To',
  'Subject',
  'Date',
  'Message-ID',
  'To',
  'Cc',
  'MIME-Version',
  'Content-Type',
  'Content-Transfer-Encoding',
  'Content-ID',
  'Content-Description',
  'Resent-Date',
  'Resent-From',
  'Resent-Sender',
  'Resent-To',
  'Resent-Cc',
  'Resent-Message-ID',
  'In-Reply-To',
  'References',
  'List-Id',
  'List-Help',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
  'List-Subscribe',
  'List-Post',
  'List-Owner',
  'List-Archive',
].join(':');

/** A PEM key as a one-line setting may hold it: its line breaks written as `\n`. */
export const pemFromSetting = (value: string) => value.replace(/\\n/g, '\n').trim();

export interface DkimOptions {
  domainName: string;
  keySelector: string;
  privateKey: string;
  headerFieldNames: string;
}

/** nodemailer's `dkim` transport option, or undefined when the three settings are not all set. */
export function dkimOptions(settings: {
  domain?: string | undefined;
  selector?: string | undefined;
  privateKey?: string | undefined;
}): DkimOptions | undefined {
  const domainName = settings.domain?.trim();
  const keySelector = settings.selector?.trim();
  const privateKey = settings.privateKey?.trim();
  if (!domainName || !keySelector || !privateKey) return undefined;
  return {
    domainName,
    keySelector,
    privateKey: pemFromSetting(privateKey),
    headerFieldNames: DKIM_SIGNED_HEADERS,
  };
}

/** The name and address of a From setting: `Name <address>`, `"Name" <address>` or a bare address. */
export function splitSender(from: string): { name: string; address: string } {
  const named = /^\s*(.*?)\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from);
  if (named) return { name: named[1]!.replace(/^"(.*)"$/, '$1').trim(), address: named[2]! };
  return { name: '', address: from.trim() };
}

export const FALLBACK_SENDER_NAME = 'Fie Homes';

/**
 * The From of an e-mail: EMAIL_FROM's own display name when it has one, else `brandName` (the site
 * settings' brand), else "Fie Homes". As an object, so nodemailer quotes or encodes the name itself.
 */
export function senderFor(from: string, brandName?: string | null): { name: string; address: string } {
  const { name, address } = splitSender(from);
  return { name: name || brandName?.trim() || FALLBACK_SENDER_NAME, address };
}

/** The same as one header value (Strapi's `defaultFrom`, used by mail the admin panel sends itself). */
export function namedSender(from: string): string {
  const { name, address } = senderFor(from);
  return `"${name.replace(/["\\]/g, '\\$&')}" <${address}>`;
}
