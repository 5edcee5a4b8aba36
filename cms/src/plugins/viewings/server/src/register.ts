import type { Core } from '@strapi/strapi';
import { registerOldLayoutRename } from './old-layout';
import { registerAppointmentSlotKeys } from './slot-key';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  // Every appointment write derives its start and its active-slot keys (the double-booking guard).
  registerAppointmentSlotKeys(strapi);
  // Settings a database made before this plugin stored under api::appointment.* get the new names.
  registerOldLayoutRename(strapi);
};
