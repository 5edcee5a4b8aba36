// The four code boxes and the code countdown as pure functions, so their rules are tested directly.
import { OTP_LENGTH, OTP_RESEND_SECONDS, OTP_TTL_SECONDS } from '@fie/domain';

export const emptyCode = (): string[] => Array.from({ length: OTP_LENGTH }, () => '');

export interface CodeStep {
  code: string[];
  /** The box that should have focus next. */
  focus: number;
}

/** Typing in box `index`: keeps the last digit typed and moves to the next box. Non-digits are ignored. */
export function typeInBox(code: string[], index: number, typed: string): CodeStep {
  const digit = typed.replace(/\D/g, '').slice(-1);
  if (!digit) return { code, focus: index };
  const next = [...code];
  next[index] = digit;
  return { code: next, focus: Math.min(index + 1, code.length - 1) };
}

/** Backspace in box `index`: clears a filled box; on an empty box moves back and clears that one. */
export function backspaceInBox(code: string[], index: number): CodeStep {
  const next = [...code];
  if (next[index]) {
    next[index] = '';
    return { code: next, focus: index };
  }
  if (index === 0) return { code: next, focus: 0 };
  next[index - 1] = '';
  return { code: next, focus: index - 1 };
}

/** A pasted code fills every box when it holds exactly four digits (spaces and dashes allowed). */
export function pastedCode(text: string): string[] | null {
  const digits = text.replace(/[\s-]/g, '');
  return new RegExp(`^\\d{${OTP_LENGTH}}$`).test(digits) ? digits.split('') : null;
}

export function codeComplete(code: string[]): boolean {
  return code.length === OTP_LENGTH && code.every((c) => /^\d$/.test(c));
}

/** Seconds left of a code sent at `sentAt` (ms), never below 0. */
export function secondsLeft(sentAt: number, now: number, total: number = OTP_TTL_SECONDS): number {
  return Math.max(0, total - Math.floor((now - sentAt) / 1000));
}

/** Resend is allowed once 60 seconds have passed (disabled while more than 3540 s of the 3600 remain). */
export function canResend(left: number, total: number = OTP_TTL_SECONDS): boolean {
  return left <= total - OTP_RESEND_SECONDS;
}

export function formatCountdown(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** Seconds until Resend is allowed. */
export function resendWait(left: number, total: number = OTP_TTL_SECONDS): number {
  return Math.max(0, left - (total - OTP_RESEND_SECONDS));
}
