import type { Core } from '@strapi/strapi';
import type services from './services';

/** The conversations plugin's services by name, as their factories build them. */
export type Services = { [Name in keyof typeof services]: ReturnType<(typeof services)[Name]> };

/** The one typed way to reach a service of this plugin (Strapi's `plugin().service()` answers `any`). */
export const getService = <Name extends keyof Services>(strapi: Core.Strapi, name: Name): Services[Name] =>
  strapi.plugin('conversations').service(name);
