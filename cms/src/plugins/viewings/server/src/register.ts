import type { Core } from '@strapi/strapi';
import { registerOldLayoutRename } from './old-layout';
import { registerAppointmentSlotKeys } from './slot-key';
import { registerPropertyLabelSync } from './property-label';
import { registerClientEmailCopy } from './client-email';
import { registerReminderMarks } from './reminder-marks';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  // Every appointment write derives its start and its active-slot keys (the double-booking guard).
  registerAppointmentSlotKeys(strapi);
  // A property's new location or type reaches its viewings' label, which staff search.
  registerPropertyLabelSync(strapi);
  // ... and the client's e-mail is copied onto each viewing, for the same search.
  registerClientEmailCopy(strapi);
  // A new start (a booking, a move) skips the reminders it is already too near for.
  registerReminderMarks(strapi);
  // Settings a database made before this plugin stored under api::appointment.* get the new names.
  registerOldLayoutRename(strapi);
};
