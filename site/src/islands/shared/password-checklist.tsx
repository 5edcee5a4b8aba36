import type { UseFormRegisterReturn } from 'react-hook-form';
import { MESSAGES, passwordChecks } from '@fie/domain';
import { Field } from './form-field';
import { useWords } from './island-words';
import type { ChecklistWords } from '../../i18n/island-defaults';

export interface ChecklistItem {
  rule: 'ruleLength' | 'ruleUppercase' | 'ruleLowercase' | 'ruleDigit' | 'ruleMatch';
  ok: boolean;
}

/** The live rules shown under a new password, the match included. */
export function passwordChecklist(password: string, confirmation: string): ChecklistItem[] {
  const checks = passwordChecks(password);
  return [
    { rule: 'ruleLength', ok: checks.length },
    { rule: 'ruleUppercase', ok: checks.uppercase },
    { rule: 'ruleLowercase', ok: checks.lowercase },
    { rule: 'ruleDigit', ok: checks.digit },
    { rule: 'ruleMatch', ok: confirmation.length > 0 && password === confirmation },
  ];
}

export const checklistPasses = (items: ChecklistItem[]) => items.every((item) => item.ok);

export function PasswordChecklist({ items, id }: { items: ChecklistItem[]; id?: string }) {
  const { t } = useWords<ChecklistWords>();
  const said: Record<ChecklistItem['rule'], string> = {
    ruleLength: t.ruleLength,
    ruleUppercase: t.ruleUppercase,
    ruleLowercase: t.ruleLowercase,
    ruleDigit: t.ruleDigit,
    ruleMatch: t.ruleMatch,
  };
  return (
    <ul id={id} className="mt-2 grid gap-1 text-sm sm:grid-cols-2" aria-label={t.passwordRules}>
      {items.map((item) => (
        <li key={item.rule} className={item.ok ? 'text-green-800' : 'text-stone-600'}>
          <span aria-hidden="true" className="mr-1 inline-block w-4 font-bold">
            {item.ok ? '✓' : '○'}
          </span>
          {said[item.rule]}
          <span className="sr-only"> {item.ok ? t.ruleDone : t.ruleNotYet}</span>
        </li>
      ))}
    </ul>
  );
}

interface NewPasswordFieldsProps {
  passwordLabel: string;
  confirmLabel: string;
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  /** The two values as typed (watched), for the mismatch message and the live checklist. */
  values: [string, string];
  passwordError?: string;
  checklistId: string;
  required?: boolean;
}

/** A new password, its confirmation and the live rules: the same on register, reset and change password. */
export function NewPasswordFields({
  passwordLabel,
  confirmLabel,
  password,
  confirmation,
  values,
  passwordError,
  checklistId,
  required,
}: NewPasswordFieldsProps) {
  const [typed, confirmed] = values;
  const { say } = useWords();
  return (
    <>
      <Field
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        required={required}
        revealable
        aria-describedby={checklistId}
        {...password}
        error={passwordError}
      />
      <Field
        label={confirmLabel}
        type="password"
        autoComplete="new-password"
        required={required}
        revealable
        {...confirmation}
        error={confirmed && confirmed !== typed ? say(MESSAGES.passwordsDoNotMatch) : undefined}
      />
      <PasswordChecklist id={checklistId} items={passwordChecklist(typed, confirmed)} />
    </>
  );
}
