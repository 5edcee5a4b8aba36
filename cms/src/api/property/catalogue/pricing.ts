import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { AMENITIES, toGhs, type Currency } from '@fie/domain';

export const PROPERTY_UID = 'api::property.property';
export const SITE_SETTING_UID = 'api::site-setting.site-setting';
// Used only until marketing staff publish site settings with their own rate.
export const FALLBACK_USD_TO_GHS_RATE = 12;

const amenitySet = new Set<string>(AMENITIES);

export async function currentUsdToGhsRate(strapi: Core.Strapi): Promise<number> {
  const settings = await strapi
    .documents(SITE_SETTING_UID)
    .findFirst({ status: 'published', fields: ['usdToGhsRate'] });
  const rate = Number(settings?.usdToGhsRate);
  return Number.isFinite(rate) && rate > 0 ? rate : FALLBACK_USD_TO_GHS_RATE;
}

function checkAmenities(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || !amenitySet.has(v))) {
    throw new errors.ValidationError(`Amenities must be a list of: ${AMENITIES.join(', ')}`);
  }
  return [...new Set(value as string[])];
}

/** Recomputes the GH₵ price of every USD-priced property in one statement (GH₵ prices do not move). */
export async function repriceUsdProperties(strapi: Core.Strapi, rate: number): Promise<void> {
  await strapi.db
    .connection('properties')
    .where({ currency: 'USD' })
    .update({ price_ghs: strapi.db.connection.raw('ROUND(price_amount * ?, 2)', [rate]) });
}

/**
 * Every write of a property, from the API, the admin panel or the seeder, passes here:
 * amenities are checked against the 20 values and the GH₵ price is derived, so listing
 * filters and sorts can compare prices in the database.
 */
export function registerPropertyPricing(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const action = context.action as string;
    if (context.uid === PROPERTY_UID && (action === 'create' || action === 'update')) {
      const params = context.params as { data?: Record<string, unknown>; documentId?: string };
      const data = params.data;
      if (data) {
        if ('amenities' in data) data.amenities = checkAmenities(data.amenities);
        if ('priceAmount' in data || 'currency' in data) {
          let amount = data.priceAmount;
          let currency = data.currency as Currency | undefined;
          if ((amount === undefined || currency === undefined) && params.documentId) {
            const current = await strapi.db.query(PROPERTY_UID).findOne({
              where: { documentId: params.documentId },
              select: ['priceAmount', 'currency'],
            });
            amount ??= current?.priceAmount;
            currency ??= current?.currency;
          }
          const numeric = Number(amount);
          if (Number.isFinite(numeric) && numeric >= 0) {
            data.priceGhs = toGhs(numeric, currency ?? 'USD', await currentUsdToGhsRate(strapi));
          }
        }
      }
    }

    // Site settings change for many reasons (a phone number, the office hours); only a new
    // published rate re-prices the catalogue.
    const settingsWrite =
      context.uid === SITE_SETTING_UID && ['create', 'update', 'publish'].includes(action);
    const rateBefore = settingsWrite ? await currentUsdToGhsRate(strapi) : null;
    const result = await next();
    if (settingsWrite) {
      const rateAfter = await currentUsdToGhsRate(strapi);
      if (rateAfter !== rateBefore) await repriceUsdProperties(strapi, rateAfter);
    }
    return result;
  });
}
