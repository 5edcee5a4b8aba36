import type { Core } from '@strapi/strapi';
import type favourites from './services/favourites';

export type Services = { favourites: ReturnType<typeof favourites> };

/** How other code reaches the favourites' services, typed. */
export const getService = <Name extends keyof Services>(strapi: Core.Strapi, name: Name): Services[Name] =>
  strapi.service(`api::favourite.${name}`) as unknown as Services[Name];
