import type { Core } from '@strapi/strapi';
import type services from './services';

/** The platform plugin's services by name, as their factories build them. */
export type Services = { [Name in keyof typeof services]: ReturnType<(typeof services)[Name]> };

/**
 * The one way to reach a service of this plugin, typed (Strapi's own `plugin().service()` answers
 * `any`). Other plugins and APIs import this file and nothing else of the plugin.
 */
export const getService = <Name extends keyof Services>(strapi: Core.Strapi, name: Name): Services[Name] =>
  strapi.plugin('platform').service(name);
