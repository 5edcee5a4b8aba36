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
  threadListSchema,
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
  type ThreadSummary,
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

/**
 * The address a code flow keeps: an e-mail, or a mobile number in E.164 (it starts with +). The API
 * takes `phone` wherever it takes `email`.
 */
export const identityOf = (address: string) =>
  address.startsWith('+') ? { phone: address } : { email: address };

export const accountApi = {
  login: (input: LoginInput): Promise<AuthResponse> =>
    call('/api/login', post(input), authResponseSchema, false),
  /** Signs in with a mobile number and the code texted to it, in place of the password. */
  loginByCode: (phone: string, code: string): Promise<AuthResponse> =>
    call('/api/login', post({ phone, code }), authResponseSchema, false),
  /** `language`: the page's, so the code's message is already in it. */
  signup: (address: string, password: string, language: Language): Promise<SignupResponse> =>
    call('/api/signup', post({ ...identityOf(address), password, language }), signupResponseSchema, false),
  requestCode: (address: string, purpose: 'register' | 'reset' | 'login') =>
    call(
      '/api/otp',
      post({
        ...identityOf(address),
        purpose,
        ...(address.startsWith('+')
          ? {}
          : { msg: purpose === 'reset' ? 'Password reset code' : 'Registration code' }),
      }),
      codeRequestResponseSchema,
      false,
    ),
  verifyRegistration: (address: string, userOtp: string): Promise<AuthResponse> =>
    call(
      '/api/otp/verify',
      post({ ...identityOf(address), userOtp, purpose: 'register' }),
      authResponseSchema,
      false,
    ),
  verifyReset: (address: string, userOtp: string) =>
    call('/api/otp/verify', post({ ...identityOf(address), userOtp, purpose: 'reset' }), anyMessage, false),
  resetPassword: (address: string, newPassword: string) =>
    call('/api/forgot-password', post({ ...identityOf(address), newPassword }), anyMessage, false),
  authConfig: () => call('/api/auth-config', { method: 'GET' }, z.object({ google: z.boolean() }), false),

  profile: (): Promise<Profile> => call('/api/profile', { method: 'GET' }, profileSchema, true),
  updateProfile: (input: ProfileUpdateInput): Promise<Profile> =>
    call('/api/profile', { method: 'PUT', body: JSON.stringify(input) }, profileSchema, true),
  changePassword: (input: ChangePasswordInput) => call('/api/change-password', post(input), anyMessage, true),
  /** Texts a code to a mobile number to add to the account; the code makes it the account's own. */
  addPhone: (phone: string) => call('/api/profile/phone', post({ phone }), anyMessage, true),
  verifyPhone: (phone: string, code: string): Promise<Profile> =>
    call('/api/profile/phone/verify', post({ phone, code }), profileSchema, true),

  appointments: (): Promise<Appointment[]> =>
    call('/api/appointments', { method: 'GET' }, appointmentListSchema, true),
  cancelAppointment: (id: string): Promise<Appointment> =>
    call(`/api/appointments/${encodeURIComponent(id)}/cancel`, post({}), appointmentSchema, true),
  enquiries: (): Promise<Enquiry[]> => call('/api/enquiries', { method: 'GET' }, enquiryListSchema, true),
  /** The account's conversations (enquiry and viewing threads), newest activity first, with unread counts. */
  threads: (): Promise<ThreadSummary[]> =>
    call('/api/threads?pageSize=100', { method: 'GET' }, threadListSchema, true),
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
  threads: ['threads', 'own'] as const,
  favourites: ['favourites', 'own'] as const,
  savedSearches: ['saved-searches', 'own'] as const,
};
