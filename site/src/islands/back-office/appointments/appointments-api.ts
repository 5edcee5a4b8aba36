// The appointments screen's calls, one function per endpoint; answers parsed with the domain schemas.
import {
  appointmentSchema,
  freeSlotsSchema,
  propertyListSchema,
  staffUserListSchema,
  type AdminBookingInput,
  type Appointment,
  type AppointmentUpdateInput,
  type FreeSlots,
  type Property,
  type StaffAppointmentStatus,
  type StaffUser,
} from '@fie/domain';
import { callApi, callApiPage } from '../../../lib/api-call';

/** How many accounts or properties a picker shows for what is typed. */
export const PICKER_SIZE = 10;

const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

export const appointmentsApi = {
  /**
   * PUT /api/appointments/appointment/:id {status}: a row's Successful / Rescheduled / Unsuccessful, or
   * "Client did not attend" ({status: 'Unsuccessful', clientNoShow: true}).
   */
  mark: (id: string, status: StaffAppointmentStatus, clientNoShow = false): Promise<Appointment> =>
    callApi(
      `/api/appointments/appointment/${encodeURIComponent(id)}`,
      json('PUT', clientNoShow ? { status, clientNoShow } : { status }),
      appointmentSchema,
      true,
    ),
  /** PUT /api/appointments/appointment/:id with the edit form. */
  update: (id: string, changes: AppointmentUpdateInput): Promise<Appointment> =>
    callApi(
      `/api/appointments/appointment/${encodeURIComponent(id)}`,
      json('PUT', changes),
      appointmentSchema,
      true,
    ),
  /** POST /api/appointments/admin-book: a viewing booked for a client. */
  schedule: (input: AdminBookingInput): Promise<Appointment> =>
    callApi('/api/appointments/admin-book', json('POST', input), appointmentSchema, true),
  /** GET /api/users?search=: seekers whose e-mail contains what was typed, first page only. */
  users: async (search: string): Promise<StaffUser[]> =>
    (
      await callApiPage(
        `/api/users?${new URLSearchParams({ search: search.trim(), pageSize: String(PICKER_SIZE) })}`,
        staffUserListSchema,
        true,
      )
    ).items,
  /** GET /api/products?search=: bookable (approved) properties by location or type, first page only. */
  properties: async (search: string): Promise<Property[]> =>
    (
      await callApiPage(
        `/api/products?${new URLSearchParams({ search: search.trim(), pageSize: String(PICKER_SIZE) })}`,
        propertyListSchema,
        true,
      )
    ).items,
  /** GET /api/products/:id/slots[?date=]: the free slots of each bookable date, or of one date. */
  slots: (propertyId: string, date?: string): Promise<FreeSlots> =>
    callApi(
      `/api/products/${encodeURIComponent(propertyId)}/slots${date ? `?date=${date}` : ''}`,
      { method: 'GET' },
      freeSlotsSchema,
      false,
    ),
};

export const appointmentKeys = {
  list: ['staff', 'appointments'] as const,
  // Outside `list`, so refreshing the list after a change does not refetch the pickers.
  users: (search: string) => ['staff', 'booking-pickers', 'user', search] as const,
  properties: (search: string) => ['staff', 'booking-pickers', 'property', search] as const,
  slots: (propertyId: string, date?: string) =>
    ['staff', 'booking-pickers', 'slots', propertyId, date ?? 'all'] as const,
};
