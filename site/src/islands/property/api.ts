// The property page's calls: free viewing slots, booking, and the Interested? enquiry.
import {
  appointmentSchema,
  enquirySchema,
  freeSlotsSchema,
  type Appointment,
  type Booking,
  type Enquiry,
  type EnquiryCreateInput,
  type FreeSlots,
} from '@fie/domain';
import { callApi } from '../../lib/api-call';

export const propertyApi = {
  freeSlots: (propertyId: string): Promise<FreeSlots> =>
    callApi(
      `/api/products/${encodeURIComponent(propertyId)}/slots`,
      { method: 'GET' },
      freeSlotsSchema,
      false,
    ),
  book: (propertyId: string, booking: Booking): Promise<Appointment> =>
    callApi(
      `/api/appointments/book/${encodeURIComponent(propertyId)}`,
      { method: 'POST', body: JSON.stringify(booking) },
      appointmentSchema,
      true,
    ),
  enquire: (input: EnquiryCreateInput): Promise<Enquiry> =>
    callApi('/api/enquiries', { method: 'POST', body: JSON.stringify(input) }, enquirySchema, true),
};

/** TanStack Query keys of the property features. */
export const propertyKeys = {
  freeSlots: (propertyId: string) => ['property', propertyId, 'free-slots'] as const,
};
