import type { Core } from '@strapi/strapi';

// What this plugin uses of the accounts plugin, named in one place and reached only through
// strapi.plugin(): the clock (the one "now" of every rule, which tests move) and the branded mailer.
export const clock = (strapi: Core.Strapi) => strapi.plugin('accounts').service('clock');
export const mailer = (strapi: Core.Strapi) => strapi.plugin('accounts').service('mailer');
