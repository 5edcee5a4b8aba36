import { factories } from '@strapi/strapi';

export default factories.createCoreService('plugin::viewings.appointment');
