import type { Core } from '@strapi/strapi';
import type approvedVersions from './services/approved-versions';
import type availability from './services/availability';
import type catalogue from './services/catalogue';
import type catalogueAdmin from './services/catalogue-admin';
import type listingSql from './services/listing-sql';
import type mapPoints from './services/map-points';
import type photoHashes from './services/photo-hashes';
import type priceHistory from './services/price-history';
import type propertyImages from './services/property-images';

export type { PropertyForAnswer, PublicProperty } from './services/catalogue';
export type { SeekerProperty } from './services/approved-versions';

/** The property API's own services by name (Strapi registers each file of services/ as api::property.<file>). */
export type Services = {
  'approved-versions': ReturnType<typeof approvedVersions>;
  availability: ReturnType<typeof availability>;
  catalogue: ReturnType<typeof catalogue>;
  'catalogue-admin': ReturnType<typeof catalogueAdmin>;
  'listing-sql': ReturnType<typeof listingSql>;
  'map-points': ReturnType<typeof mapPoints>;
  'photo-hashes': ReturnType<typeof photoHashes>;
  'price-history': ReturnType<typeof priceHistory>;
  'property-images': ReturnType<typeof propertyImages>;
};

/**
 * How the rest of the cms (plugins, other APIs) reaches property code: typed, through Strapi's service
 * registry, so property internals can change without their callers importing them.
 */
export const getService = <Name extends keyof Services>(strapi: Core.Strapi, name: Name): Services[Name] =>
  strapi.service(`api::property.${name}`) as unknown as Services[Name];
