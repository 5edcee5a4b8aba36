// What the code and reset screens need from the screen before, kept for this tab only.
// No password is stored: the cms signs the account in when the registration code is verified.
import { RESET_VERIFIED_TTL_SECONDS } from '@fie/domain';

export interface PendingRegistration {
  /** The address the code went to: an e-mail, or a mobile number in E.164. */
  email: string;
  /** A number as the screens show it (024 412 3456). */
  shown?: string;
  /** The code went by text (it lives 10 minutes, not an hour). */
  byText?: boolean;
  id: string;
  role: string;
  /** When the current code was sent (ms), so the countdown survives a reload. */
  sentAt: number;
  next?: string | null;
  /** The cms said e-mail is slow (its outbox waits for the mail server): the code is on its way. */
  emailDelayed?: boolean;
}

export interface PasswordReset {
  email: string;
  sentAt: number;
  /** As for PendingRegistration. */
  emailDelayed?: boolean;
  /** When the reset code was verified (ms); the cms allows the reset for 15 minutes after. */
  verifiedAt?: number;
}

const PENDING = 'pendingRegistration';
const RESET = 'passwordReset';

function read<T>(key: string): T | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(key) ?? 'null') as T | null;
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}
function write(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage disabled: the next screen sends the visitor back to start again
  }
}
const drop = (key: string) => {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // nothing stored
  }
};

export function readPendingRegistration(): PendingRegistration | null {
  const value = read<PendingRegistration>(PENDING);
  return value && typeof value.email === 'string' && value.email && typeof value.sentAt === 'number'
    ? value
    : null;
}
export const savePendingRegistration = (value: PendingRegistration) => write(PENDING, value);
export const clearPendingRegistration = () => drop(PENDING);

export function readPasswordReset(): PasswordReset | null {
  const value = read<PasswordReset>(RESET);
  return value && typeof value.email === 'string' && value.email && typeof value.sentAt === 'number'
    ? value
    : null;
}
export const savePasswordReset = (value: PasswordReset) => write(RESET, value);
export const clearPasswordReset = () => drop(RESET);

/** The reset page needs a verified code that the cms still honours. */
export function resetIsVerified(reset: PasswordReset | null, now: number): boolean {
  return Boolean(reset?.verifiedAt && now - reset.verifiedAt < RESET_VERIFIED_TTL_SECONDS * 1000);
}
