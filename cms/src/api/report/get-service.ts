import type { Core } from '@strapi/strapi';
import type reports from './services/reports';

export type Services = { reports: ReturnType<typeof reports> };

/** How other code reaches the reports' services, typed (the property's confirmation recounts with it). */
export const getService = <Name extends keyof Services>(strapi: Core.Strapi, name: Name): Services[Name] =>
  strapi.service(`api::report.${name}`) as unknown as Services[Name];
