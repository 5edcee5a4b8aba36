import { z } from 'zod';
import { optionalEmailSchema } from '../email.js';

// System settings (superadmin only): the address that receives staff notices, and
// maintenance mode (while on, the public site shows a notice and sign-up, booking and enquiries pause).
export const systemSettingsSchema = z.object({
  /** Where staff notices go (new viewings, ...); null: the site settings' staff address. */
  systemEmail: z.string().email().nullable(),
  maintenanceMode: z.boolean(),
});
export type SystemSettings = z.output<typeof systemSettingsSchema>;

/** PUT /api/system-settings: either or both. */
export const systemSettingsUpdateSchema = z
  .object({
    systemEmail: optionalEmailSchema,
    maintenanceMode: z.boolean({ error: 'Maintenance mode must be on or off.' }).optional(),
  })
  .strict()
  .refine((v) => v.systemEmail !== undefined || v.maintenanceMode !== undefined, {
    error: 'Nothing to update.',
  });
export type SystemSettingsUpdate = z.output<typeof systemSettingsUpdateSchema>;

/** GET /api/system-status: what every visitor may know. */
export const systemStatusSchema = z.object({ maintenance: z.boolean() });
export type SystemStatus = z.output<typeof systemStatusSchema>;
