import { z } from 'zod';
import { optionalEmailSchema } from '../email.js';
import {
  ENQUIRY_FURNISH_STATUSES,
  ENQUIRY_PRIORITIES,
  ENQUIRY_PROPERTY_TYPES,
  ENQUIRY_STATUSES,
  type EnquiryFurnishStatus,
} from '../enums.js';
import { MESSAGES } from '../messages.js';
import { ghanaPhoneSchema, optionalGhanaPhoneSchema } from '../phone.js';
import { choice, optionalChoice, optionalText, requiredText, tooLong } from './fields.js';
import { propertySummarySchema } from './property.js';

const MESSAGE_MAX = 2000;
export const NO_ADDITIONAL_COMMENTS = 'No additional comments';

const messageText = z
  .string()
  .trim()
  .max(MESSAGE_MAX, { error: tooLong(MESSAGE_MAX, MESSAGES.fieldMessage) });

// The forms send one number as a list of one; a bare string is accepted and wrapped.
const phoneNumbers = z
  .union([z.string(), z.array(z.string())], { error: MESSAGES.phoneRequired })
  .transform((v) => (Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter((s) => s !== ''))
  .pipe(
    z
      .array(ghanaPhoneSchema)
      .min(1, { error: MESSAGES.phoneRequired })
      .max(3, { error: 'At most 3 phone numbers can be given' }),
  );

export const enquiryCreateSchema = z
  .object({
    name: requiredText(MESSAGES.nameRequired, 100),
    phoneNumber: phoneNumbers,
    email: optionalEmailSchema,
    whatsAppNumber: optionalGhanaPhoneSchema,
    location: optionalText(120),
    propertyType: optionalChoice(ENQUIRY_PROPERTY_TYPES, MESSAGES.fieldPropertyType),
    budget: optionalText(100),
    furnishStatus: optionalChoice(ENQUIRY_FURNISH_STATUSES, MESSAGES.fieldFurnishStatus),
    message: messageText.optional(),
    // The back-office form calls the same text `comments`.
    comments: messageText.optional(),
    product: z
      .string()
      .trim()
      .max(64)
      .transform((v) => (v === '' ? undefined : v))
      .optional(),
  })
  .transform(({ message, comments, ...rest }) => ({
    ...rest,
    furnishStatus: rest.furnishStatus ?? ('Not specified' as EnquiryFurnishStatus),
    email: rest.email ?? null,
    whatsAppNumber: rest.whatsAppNumber ?? null,
    location: rest.location ?? null,
    propertyType: rest.propertyType ?? null,
    budget: rest.budget ?? null,
    message: message || comments || NO_ADDITIONAL_COMMENTS,
  }));
export type EnquiryCreateInput = z.input<typeof enquiryCreateSchema>;
export type EnquiryCreate = z.output<typeof enquiryCreateSchema>;

export const enquiryUpdateSchema = z.object({
  priority: choice(ENQUIRY_PRIORITIES, 'Priority').optional(),
  status: choice(ENQUIRY_STATUSES, 'Status').optional(),
  comments: messageText.optional(),
});
export type EnquiryUpdateInput = z.input<typeof enquiryUpdateSchema>;
export type EnquiryUpdate = z.output<typeof enquiryUpdateSchema>;

export const enquirySchema = z.object({
  _id: z.string(),
  name: z.string(),
  phoneNumber: z.array(z.string()),
  email: z.string().nullable(),
  whatsAppNumber: z.string().nullable(),
  location: z.string().nullable(),
  propertyType: z.enum(ENQUIRY_PROPERTY_TYPES).nullable(),
  budget: z.string().nullable(),
  furnishStatus: z.enum(ENQUIRY_FURNISH_STATUSES),
  priority: z.enum(ENQUIRY_PRIORITIES),
  status: z.enum(ENQUIRY_STATUSES),
  comments: z.string().nullable(),
  // The client's own words, kept as sent (comments may hold staff notes).
  message: z.string().nullable().optional(),
  source: z.string().nullable().optional(),
  interestedProperty: z.union([propertySummarySchema, z.string(), z.null()]),
  user: z.union([z.object({ _id: z.string(), email: z.string() }), z.string(), z.null()]).optional(),
  enquiryDate: z.string().nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable().optional(),
});
export type Enquiry = z.output<typeof enquirySchema>;
export const enquiryListSchema = z.array(enquirySchema);
