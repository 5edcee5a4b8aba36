import type { Core } from '@strapi/strapi';

// What this plugin uses of the accounts code, named in one place: the clock (which tests move) and
// the branded mailer. When those move into the accounts plugin, these lines become
// strapi.plugin('accounts').service('clock') / ('mailer'); nothing else here changes.
export const clock = (strapi: Core.Strapi) => strapi.service('api::account.clock');
export const mailer = (strapi: Core.Strapi) => strapi.service('api::account.mailer');
