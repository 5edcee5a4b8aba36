import { factories } from '@strapi/strapi';

export default factories.createCoreController('plugin::viewings.appointment');
