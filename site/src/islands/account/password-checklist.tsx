import { passwordChecks } from '@fie/domain';

export interface ChecklistItem {
  label: string;
  ok: boolean;
}

/** The live rules shown under a new password (seed 000, section 5), the match included. */
export function passwordChecklist(password: string, confirmation: string): ChecklistItem[] {
  const checks = passwordChecks(password);
  return [
    { label: 'At least 8 characters', ok: checks.length },
    { label: 'One uppercase letter', ok: checks.uppercase },
    { label: 'One lowercase letter', ok: checks.lowercase },
    { label: 'One number', ok: checks.digit },
    { label: 'Passwords match', ok: confirmation.length > 0 && password === confirmation },
  ];
}

export const checklistPasses = (items: ChecklistItem[]) => items.every((item) => item.ok);

export function PasswordChecklist({ items, id }: { items: ChecklistItem[]; id?: string }) {
  return (
    <ul id={id} className="mt-2 grid gap-1 text-sm sm:grid-cols-2" aria-label="Password rules">
      {items.map((item) => (
        <li key={item.label} className={item.ok ? 'text-green-800' : 'text-stone-600'}>
          <span aria-hidden="true" className="mr-1 inline-block w-4 font-bold">
            {item.ok ? '✓' : '○'}
          </span>
          {item.label}
          <span className="sr-only">{item.ok ? ' (done)' : ' (not yet)'}</span>
        </li>
      ))}
    </ul>
  );
}
