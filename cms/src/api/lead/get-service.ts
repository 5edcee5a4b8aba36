import type { Core } from '@strapi/strapi';
import type leads from './services/leads';

export type Services = { leads: ReturnType<typeof leads> };

/** How other code reaches the leads' services, typed. */
export const getService = <Name extends keyof Services>(strapi: Core.Strapi, name: Name): Services[Name] =>
  strapi.service(`api::lead.${name}`) as unknown as Services[Name];
