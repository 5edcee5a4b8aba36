import { z } from 'zod';
import { isValidSlot, isValidTimeString } from '../calendar.js';
import { optionalEmailSchema } from '../email.js';
import { APPOINTMENT_STATUSES, STAFF_APPOINTMENT_STATUSES } from '../enums.js';
import { MESSAGES } from '../messages.js';
import { propertySummarySchema } from './property.js';
import { choice, dateText, documentId, tooLong } from './fields.js';

const COMMENTS_MAX = 1000;

function slotText(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .refine(isValidTimeString, { error: MESSAGES.invalidTime })
    .refine(isValidSlot, { error: MESSAGES.bookingNotASlot });
}

const comments = z
  .string()
  .trim()
  .max(COMMENTS_MAX, { error: tooLong(COMMENTS_MAX, MESSAGES.fieldComments) });

// Shapes only: whether the slot is still bookable (weekday, horizon, notice, not taken) depends on
// "now" and the database, so the cms checks that with checkBookable.
export const bookingSchema = z.object({
  date: dateText(MESSAGES.selectDateAndTime),
  time: slotText(MESSAGES.selectDateAndTime),
  comments: comments.default(''),
});
export type BookingInput = z.input<typeof bookingSchema>;
export type Booking = z.output<typeof bookingSchema>;

// GET /products/:id/slots: the free slots of each bookable day.
export const freeSlotsSchema = z.array(z.object({ date: z.string(), slots: z.array(z.string()) }));
export type FreeSlots = z.output<typeof freeSlotsSchema>;

// POST /appointments/admin-book: staff schedule a viewing for a seeker.
export const adminBookingSchema = z.object({
  userEmail: optionalEmailSchema,
  userId: documentId(MESSAGES.selectUser),
  productId: documentId(MESSAGES.selectProperty),
  date: dateText(MESSAGES.selectDate),
  time: slotText(MESSAGES.selectTime),
  comments: comments.default(''),
});
export type AdminBookingInput = z.input<typeof adminBookingSchema>;
export type AdminBooking = z.output<typeof adminBookingSchema>;

// PUT /appointments/appointment/:id takes the full edit form or just {status}.
export const appointmentUpdateSchema = z
  .object({
    date: dateText(MESSAGES.selectDate).optional(),
    time: slotText(MESSAGES.selectTime).optional(),
    status: choice(STAFF_APPOINTMENT_STATUSES, 'Status').optional(),
    comments: comments.optional(),
    // Staff record that the client did not attend: only with the status Unsuccessful, and only from the
    // viewing's start (the cms checks that against its clock).
    clientNoShow: z.boolean({ error: 'Client did not attend must be true or false.' }).optional(),
  })
  .refine((v) => !(v.clientNoShow === true && v.status !== undefined && v.status !== 'Unsuccessful'), {
    error: MESSAGES.clientNoShowNeedsUnsuccessful,
    path: ['clientNoShow'],
  });
export type AppointmentUpdateInput = z.input<typeof appointmentUpdateSchema>;
export type AppointmentUpdate = z.output<typeof appointmentUpdateSchema>;

const appointmentUserSchema = z.object({
  _id: z.string(),
  // '' for an account known by its mobile number alone (`phone` then says how to reach it).
  email: z.string(),
  fullName: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
});

export const appointmentSchema = z.object({
  _id: z.string(),
  user: z.union([appointmentUserSchema, z.string(), z.null()]),
  product: z.union([propertySummarySchema, z.string(), z.null()]),
  // "{type} in {location}", kept when the property is deleted (then product is null).
  propertyLabel: z.string().nullable().optional(),
  date: z.string(),
  time: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  comments: z.string().nullable(),
  startsAt: z.string(),
  /** Staff recorded that the client did not attend (with the status Unsuccessful). */
  clientNoShow: z.boolean().optional(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type Appointment = z.output<typeof appointmentSchema>;
export const appointmentListSchema = z.array(appointmentSchema);
