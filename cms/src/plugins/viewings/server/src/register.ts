import type { Core } from '@strapi/strapi';
import { registerAppointmentSlotKeys } from './slot-key';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  registerAppointmentSlotKeys(strapi);
};
