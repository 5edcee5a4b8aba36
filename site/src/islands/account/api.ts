// The account screens' calls, one function per endpoint; answers are parsed with the domain schemas.
import {
  appointmentListSchema,
  appointmentSchema,
  authResponseSchema,
  enquiryListSchema,
  messageResponseSchema,
  profileSchema,
  signupResponseSchema,
  type Appointment,
  type AuthResponse,
  type ChangePasswordInput,
  type Enquiry,
  type LoginInput,
  type Profile,
  type ProfileUpdateInput,
  type SignupResponse,
} from '@fie/domain';
import { z } from 'zod';
import { apiFetch } from '../../lib/session/store';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The server's `message` when it sent one, otherwise the screen's fallback (seed 000, section 8). */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}

async function call<T>(path: string, init: RequestInit, schema: z.ZodType<T>, signedIn: boolean): Promise<T> {
  const request: RequestInit = {
    ...init,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
  };
  let res: Response;
  try {
    res = signedIn ? await apiFetch(path, request) : await fetch(path, request);
  } catch {
    throw new ApiError('', 0); // offline: the caller's fallback text is the honest message
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const message = body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : '';
    throw new ApiError(message, res.status);
  }
  return schema.parse(body);
}

const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });
const anyMessage = messageResponseSchema.partial();

export const accountApi = {
  login: (input: LoginInput): Promise<AuthResponse> => call('/api/login', post(input), authResponseSchema, false),
  signup: (email: string, password: string): Promise<SignupResponse> => call('/api/signup', post({ email, password }), signupResponseSchema, false),
  requestCode: (email: string, purpose: 'register' | 'reset') =>
    call('/api/otp', post({ email, purpose, msg: purpose === 'reset' ? 'Password reset code' : 'Registration code' }), anyMessage, false),
  verifyRegistration: (email: string, userOtp: string): Promise<AuthResponse> =>
    call('/api/otp/verify', post({ email, userOtp, purpose: 'register' }), authResponseSchema, false),
  verifyReset: (email: string, userOtp: string) => call('/api/otp/verify', post({ email, userOtp, purpose: 'reset' }), anyMessage, false),
  resetPassword: (email: string, newPassword: string) => call('/api/forgot-password', post({ email, newPassword }), anyMessage, false),
  authConfig: () => call('/api/auth-config', { method: 'GET' }, z.object({ google: z.boolean() }), false),

  profile: (): Promise<Profile> => call('/api/profile', { method: 'GET' }, profileSchema, true),
  updateProfile: (input: ProfileUpdateInput): Promise<Profile> => call('/api/profile', { method: 'PUT', body: JSON.stringify(input) }, profileSchema, true),
  changePassword: (input: ChangePasswordInput) => call('/api/change-password', post(input), anyMessage, true),

  appointments: (): Promise<Appointment[]> => call('/api/appointments', { method: 'GET' }, appointmentListSchema, true),
  cancelAppointment: (id: string): Promise<Appointment> => call(`/api/appointments/${encodeURIComponent(id)}/cancel`, post({}), appointmentSchema, true),
  enquiries: (): Promise<Enquiry[]> => call('/api/enquiries', { method: 'GET' }, enquiryListSchema, true),
};

/** TanStack Query keys of the account features. */
export const accountKeys = {
  authConfig: ['auth-config'] as const,
  profile: ['profile'] as const,
  appointments: ['appointments', 'own'] as const,
  enquiries: ['enquiries', 'own'] as const,
};
