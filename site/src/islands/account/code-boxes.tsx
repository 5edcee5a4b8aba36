import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { fill } from '@fie/domain/i18n';
import { backspaceInBox, pastedCode, typeInBox } from './code-entry-logic';
import { useWords } from '../shared/island-words';
import type { AuthTexts } from '../../i18n/account';

interface Props {
  value: string[];
  onChange: (code: string[]) => void;
  disabled?: boolean;
  /** Bump to move focus back to the first box (after a resend clears them). */
  resetKey?: number;
}

/** Four one-digit boxes: typing moves forward, Backspace on an empty box moves back, paste fills all. */
export function CodeBoxes({ value, onChange, disabled, resetKey }: Props) {
  const { t } = useWords<AuthTexts>();
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const focus = (i: number) => boxes.current[i]?.focus();

  useEffect(() => {
    if (resetKey !== undefined) focus(0);
  }, [resetKey]);

  const type = (i: number, typed: string) => {
    const step = typeInBox(value, i, typed);
    onChange(step.code);
    if (step.focus !== i) focus(step.focus);
  };

  const onKeyDown = (i: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    // A digit key is handled here: retyping the digit already in a box changes no value, so no
    // change event would fire and focus would not move on.
    if (/^\d$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      type(i, event.key);
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      const step = backspaceInBox(value, i);
      onChange(step.code);
      focus(step.focus);
    } else if (event.key === 'ArrowLeft' && i > 0) {
      event.preventDefault();
      focus(i - 1);
    } else if (event.key === 'ArrowRight' && i < value.length - 1) {
      event.preventDefault();
      focus(i + 1);
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const code = pastedCode(event.clipboardData.getData('text'));
    if (!code) return;
    event.preventDefault();
    onChange(code);
    focus(code.length - 1);
  };

  return (
    <div role="group" aria-label={t.verificationCode} className="flex justify-center gap-3">
      {value.map((digit, i) => (
        <input
          key={i}
          ref={(el) => {
            boxes.current[i] = el;
          }}
          value={digit}
          // Phone keyboards and autofill send no usable key: their digits arrive as input.
          onChange={(event) => type(i, event.target.value)}
          onKeyDown={onKeyDown(i)}
          onPaste={onPaste}
          onFocus={(event) => event.target.select()}
          disabled={disabled}
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          pattern="[0-9]*"
          maxLength={2}
          aria-label={fill(t.digitOf, { number: i + 1, total: value.length })}
          className="h-14 w-12 rounded-lg border border-stone-400 bg-white text-center text-2xl font-semibold text-ink focus:border-brand-600 disabled:bg-stone-100 sm:h-16 sm:w-14"
        />
      ))}
    </div>
  );
}
