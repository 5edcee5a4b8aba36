import type { Core } from '@strapi/strapi';
import type savedSearches from './services/saved-searches';
import type alerts from './services/alerts';

export type Services = {
  'saved-searches': ReturnType<typeof savedSearches>;
  alerts: ReturnType<typeof alerts>;
};

/** How other code reaches the saved searches' services, typed. */
export const getService = <Name extends keyof Services>(strapi: Core.Strapi, name: Name): Services[Name] =>
  strapi.service(`api::saved-search.${name}`) as unknown as Services[Name];
