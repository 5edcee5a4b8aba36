// The signed-in account's calls (the account screens and the back-office settings), one function per
// endpoint; answers are parsed with the domain schemas.
import {
  appointmentListSchema,
  appointmentSchema,
  authResponseSchema,
  codeRequestResponseSchema,
  enquiryListSchema,
  favouriteListSchema,
  messageResponseSchema,
  profileSchema,
  savedSearchListSchema,
  savedSearchSchema,
  signupResponseSchema,
  type Appointment,
  type AuthResponse,
  type ChangePasswordInput,
  type Enquiry,
  type Favourite,
  type Language,
  type LoginInput,
  type Profile,
  type ProfileUpdateInput,
  type SavedSearchFrequency,
  type SavedSearchItem,
  type SignupResponse,
  MESSAGES,
} from '@fie/domain';
import { z } from 'zod';
import { callApi as call } from '../../lib/api-call';

// Shared with the property page's calls; the account screens import them from here.
export { ApiError, messageOf } from '../../lib/api-call';

const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });
const anyMessage = messageResponseSchema.partial();

/** What the screens say once a code is asked for: sent, or on its way while e-mail is slow (the cms's outbox waits for the mail server). */
export const codeSentMessage = (answer: { emailDelayed?: boolean }) =>
  answer.emailDelayed ? MESSAGES.codeOnItsWay : MESSAGES.otpSent;

export const accountApi = {
  login: (input: LoginInput): Promise<AuthResponse> =>
    call('/api/login', post(input), authResponseSchema, false),
  /** `language`: the page's, so the code e-mail is already in it. */
  signup: (email: string, password: string, language: Language): Promise<SignupResponse> =>
    call('/api/signup', post({ email, password, language }), signupResponseSchema, false),
  requestCode: (email: string, purpose: 'register' | 'reset') =>
    call(
      '/api/otp',
      post({ email, purpose, msg: purpose === 'reset' ? 'Password reset code' : 'Registration code' }),
      codeRequestResponseSchema,
      false,
    ),
  verifyRegistration: (email: string, userOtp: string): Promise<AuthResponse> =>
    call('/api/otp/verify', post({ email, userOtp, purpose: 'register' }), authResponseSchema, false),
  verifyReset: (email: string, userOtp: string) =>
    call('/api/otp/verify', post({ email, userOtp, purpose: 'reset' }), anyMessage, false),
  resetPassword: (email: string, newPassword: string) =>
    call('/api/forgot-password', post({ email, newPassword }), anyMessage, false),
  authConfig: () => call('/api/auth-config', { method: 'GET' }, z.object({ google: z.boolean() }), false),

  profile: (): Promise<Profile> => call('/api/profile', { method: 'GET' }, profileSchema, true),
  updateProfile: (input: ProfileUpdateInput): Promise<Profile> =>
    call('/api/profile', { method: 'PUT', body: JSON.stringify(input) }, profileSchema, true),
  changePassword: (input: ChangePasswordInput) => call('/api/change-password', post(input), anyMessage, true),

  appointments: (): Promise<Appointment[]> =>
    call('/api/appointments', { method: 'GET' }, appointmentListSchema, true),
  cancelAppointment: (id: string): Promise<Appointment> =>
    call(`/api/appointments/${encodeURIComponent(id)}/cancel`, post({}), appointmentSchema, true),
  enquiries: (): Promise<Enquiry[]> => call('/api/enquiries', { method: 'GET' }, enquiryListSchema, true),
  favourites: (): Promise<Favourite[]> =>
    call('/api/favourites', { method: 'GET' }, favouriteListSchema, true),
  removeFavourite: (propertyId: string): Promise<unknown> =>
    call(`/api/favourites/${encodeURIComponent(propertyId)}`, { method: 'DELETE' }, z.unknown(), true),
  savedSearches: (): Promise<SavedSearchItem[]> =>
    call('/api/saved-searches', { method: 'GET' }, savedSearchListSchema, true),
  updateSavedSearch: (
    id: string,
    changes: { frequency?: SavedSearchFrequency; active?: boolean },
  ): Promise<SavedSearchItem> =>
    call(
      `/api/saved-searches/${encodeURIComponent(id)}`,
      { method: 'PUT', body: JSON.stringify(changes) },
      savedSearchSchema,
      true,
    ),
  deleteSavedSearch: (id: string): Promise<unknown> =>
    call(`/api/saved-searches/${encodeURIComponent(id)}`, { method: 'DELETE' }, z.unknown(), true),
};

/** TanStack Query keys of the account features. */
export const accountKeys = {
  authConfig: ['auth-config'] as const,
  profile: ['profile'] as const,
  appointments: ['appointments', 'own'] as const,
  enquiries: ['enquiries', 'own'] as const,
  favourites: ['favourites', 'own'] as const,
  savedSearches: ['saved-searches', 'own'] as const,
};
