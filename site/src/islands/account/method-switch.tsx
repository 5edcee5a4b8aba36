import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../shared/form-field';
// Two buttons that choose how a person signs in or up: with a mobile number (first: in Ghana the phone
// is a person's address) or with an e-mail.
export type SignInMethod = 'phone' | 'email';

/** The form's values without the field of the method not chosen: it is neither checked nor sent. */
export function onlyChosen<T extends { email?: unknown; phone?: unknown }>(
  values: T,
  method: SignInMethod,
): T {
  const { email, phone, ...rest } = values;
  return (method === 'phone' ? { ...rest, phone } : { ...rest, email }) as T;
}

export function MethodSwitch({
  label,
  method,
  onChange,
  words,
}: {
  label: string;
  method: SignInMethod;
  onChange: (method: SignInMethod) => void;
  words: { byPhone: string; byEmail: string };
}) {
  const option = (value: SignInMethod, text: string) => (
    <button
      type="button"
      aria-pressed={method === value}
      onClick={() => onChange(value)}
      className={`min-h-11 flex-1 rounded-md px-3 py-2 text-sm font-semibold ${
        method === value
          ? 'bg-white text-ink shadow-sm ring-1 ring-stone-300'
          : 'text-stone-700 hover:text-ink'
      }`}
    >
      {text}
    </button>
  );
  return (
    <div role="group" aria-label={label} className="flex gap-1 rounded-lg bg-stone-100 p-1">
      {option('phone', words.byPhone)}
      {option('email', words.byEmail)}
    </div>
  );
}

/** The chosen method's field: a mobile number (written the local way) or an e-mail address. */
export function IdentityField({
  method,
  words,
  hint,
  phone,
  email,
  errors,
}: {
  method: SignInMethod;
  words: { mobileNumber: string; email: string };
  hint?: string;
  phone: UseFormRegisterReturn;
  email: UseFormRegisterReturn;
  /** Each field's message, already in the page's language. */
  errors: { phone?: string; email?: string };
}) {
  return method === 'phone' ? (
    <Field
      label={words.mobileNumber}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="024 412 3456"
      required
      hint={hint}
      {...phone}
      error={errors.phone}
    />
  ) : (
    <Field label={words.email} type="email" autoComplete="email" required {...email} error={errors.email} />
  );
}
