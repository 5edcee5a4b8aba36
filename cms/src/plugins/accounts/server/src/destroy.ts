import type { Core } from '@strapi/strapi';

// Strapi calls this on shutdown: the outbox's worker stops, after the send under way is marked.
export default async ({ strapi }: { strapi: Core.Strapi }) => {
  await strapi.plugin('accounts').service('outbox').stop();
};
