import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useWords } from './island-words';
import type { FieldWords } from '../../i18n/island-defaults';

// The words these parts say come from the screen (useWords): a seeker's screen gives its own, a
// back-office page carries the English ones (i18n/island-defaults.ts).

export const inputClass =
  'mt-1 block w-full rounded-lg border border-stone-400 bg-white px-3 py-2.5 text-base text-ink placeholder:text-stone-500 focus:border-brand-600 aria-[invalid=true]:border-red-700';
export const primaryButton =
  'inline-flex w-full items-center justify-center rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-700';
export const secondaryButton =
  'inline-flex items-center justify-center rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-500';
export const textLink = 'font-semibold text-brand-700 underline-offset-2 hover:underline';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** A password field gets a Show/Hide button. */
  revealable?: boolean;
}

/** A labelled input with its error announced and tied to it. */
export function Field({ label, error, hint, revealable, type = 'text', ...input }: FieldProps) {
  const id = useId();
  const { t } = useWords<FieldWords>();
  const [shown, setShown] = useState(false);
  const describedBy =
    [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-stone-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={revealable && shown ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass}${revealable ? ' pr-16' : ''}`}
          {...input}
        />
        {revealable && (
          <button
            type="button"
            onClick={() => setShown((v) => !v)}
            aria-pressed={shown}
            className="absolute inset-y-0 right-0 mt-1 rounded-r-lg px-3 text-sm font-semibold text-stone-700 hover:text-ink"
          >
            {shown ? t.hide : t.show}
            <span className="sr-only"> {label.toLowerCase()}</span>
          </button>
        )}
      </div>
      {hint && (
        <div id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A dismissible error banner (the login screen's, also used for other screens' failures). */
export function ErrorBanner({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  const { t } = useWords<FieldWords>();
  return (
    <div
      role="alert"
      className="mb-4 flex items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800"
    >
      <p className="flex-1">{message}</p>
      <button
        type="button"
        onClick={onDismiss}
        className="rounded px-1 font-bold text-red-800 hover:bg-red-100"
        aria-label={t.dismissError}
      >
        ×
      </button>
    </div>
  );
}
