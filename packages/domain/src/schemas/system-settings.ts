import { z } from 'zod';
import { optionalEmailSchema } from '../email.js';
import { noShowRuleSchema } from '../no-show.js';
import { availabilityOrder, availabilityRuleFields } from '../availability.js';
import { SMS_DAILY_BUDGET_MAX, THREAD_RETENTION_MONTHS_MAX } from '../constants.js';
import { WORKING_DAYS } from '../response-times.js';

const SMS_BUDGET_MESSAGE = 'The daily text budget must be a whole number from 0 to 1,000,000.';
/** How many texts a day the service may send (SMS_DAILY_BUDGET_DEFAULT until set). */
export const smsDailyBudgetSchema = z
  .number({ error: SMS_BUDGET_MESSAGE })
  .int({ error: SMS_BUDGET_MESSAGE })
  .min(0, { error: SMS_BUDGET_MESSAGE })
  .max(SMS_DAILY_BUDGET_MAX, { error: SMS_BUDGET_MESSAGE });

const RETENTION_MESSAGE = `Conversations are kept from 1 to ${THREAD_RETENTION_MONTHS_MAX} months.`;
/** Months a closed enquiry's or finished viewing's conversation is kept (THREAD_RETENTION_MONTHS_DEFAULT until set). */
export const threadRetentionMonthsSchema = z
  .number({ error: RETENTION_MESSAGE })
  .int({ error: RETENTION_MESSAGE })
  .min(1, { error: RETENTION_MESSAGE })
  .max(THREAD_RETENTION_MONTHS_MAX, { error: RETENTION_MESSAGE });

const HOURS_MESSAGE = 'Working hours open from 0 to 23 and close from 1 to 24, after they open.';
/** The office's working hours (Accra), which reply times count. */
export const workingHoursFields = {
  workingHoursStart: z
    .number({ error: HOURS_MESSAGE })
    .int({ error: HOURS_MESSAGE })
    .min(0, { error: HOURS_MESSAGE })
    .max(23, { error: HOURS_MESSAGE }),
  workingHoursEnd: z
    .number({ error: HOURS_MESSAGE })
    .int({ error: HOURS_MESSAGE })
    .min(1, { error: HOURS_MESSAGE })
    .max(24, { error: HOURS_MESSAGE }),
  workingDays: z.enum(WORKING_DAYS, { error: 'Working days must be mon-fri, mon-sat or every-day.' }),
};

// System settings (superadmin only): the address that receives staff notices, and
// maintenance mode (while on, the public site shows a notice and sign-up, booking and enquiries pause).
export const systemSettingsSchema = z
  .object({
    /** Where staff notices go (new viewings, ...); null: the site settings' staff address. */
    systemEmail: z.string().email().nullable(),
    maintenanceMode: z.boolean(),
    /** Optional so that an answer from before the budget still reads. */
    smsDailyBudget: smsDailyBudgetSchema.optional(),
    threadRetentionMonths: threadRetentionMonthsSchema.optional(),
  })
  .extend(z.object(workingHoursFields).partial().shape)
  // The cms always answers the no-show rule's numbers; optional so that an answer, or code, from before
  // the rule still reads (the numbers are then the defaults, NO_SHOW_DEFAULTS).
  .extend(noShowRuleSchema.partial().shape)
  // Likewise the fresh-listing rule's days (AVAILABILITY_DEFAULTS when absent).
  .extend(z.object(availabilityRuleFields).partial().shape);
export type SystemSettings = z.output<typeof systemSettingsSchema>;

/** PUT /api/system-settings: either or both. */
export const systemSettingsUpdateSchema = z
  .object({
    systemEmail: optionalEmailSchema,
    maintenanceMode: z.boolean({ error: 'Maintenance mode must be on or off.' }).optional(),
    smsDailyBudget: smsDailyBudgetSchema.optional(),
    threadRetentionMonths: threadRetentionMonthsSchema.optional(),
    ...z.object(workingHoursFields).partial().shape,
    ...noShowRuleSchema.partial().shape,
    ...z.object(availabilityRuleFields).partial().shape,
  })
  .strict()
  .refine((v) => Object.values(v).some((value) => value !== undefined), {
    error: 'Nothing to update.',
  })
  // Both given: checked here; one alone is checked by the cms against the saved other.
  .refine(...availabilityOrder);
export type SystemSettingsUpdate = z.output<typeof systemSettingsUpdateSchema>;

/** GET /api/system-status: what every visitor may know. */
export const systemStatusSchema = z.object({
  maintenance: z.boolean(),
  /** The no-show rule's numbers, which the terms page states. */
  noShowRule: noShowRuleSchema.optional(),
});
export type SystemStatus = z.output<typeof systemStatusSchema>;
