// The back-office dialogs' labelled form controls: a select or a text area with its label and error line.
import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { inputClass } from '../../shared/form-field';
import { selectClass } from './styles';

/** What a labelled control puts on its element: the id its label points at and the error's ARIA. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A label, the control `children` renders with the given props, and the error (read out with the control). */
function LabelledControl({
  label,
  error,
  children,
}: {
  label: ReactNode;
  error?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-stone-800">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${id}-error` : undefined,
      })}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled select with its error line; `children` are its options (see `textOptions`). */
export function SelectField({
  label,
  error,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { label: ReactNode; error?: string; children: ReactNode }) {
  return (
    <LabelledControl label={label} error={error}>
      {(control) => (
        <select {...control} className={selectClass} {...select}>
          {children}
        </select>
      )}
    </LabelledControl>
  );
}

/** A labelled three-row text area with its error line. */
export function TextAreaField({
  label,
  error,
  ...rest
}: { label: ReactNode; error?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <LabelledControl label={label} error={error}>
      {(control) => <textarea {...control} rows={3} className={inputClass} {...rest} />}
    </LabelledControl>
  );
}

/** One <option> a text, its value the text itself ("Apartment", "High"). */
export function textOptions(values: readonly string[]) {
  return values.map((v) => (
    <option key={v} value={v}>
      {v}
    </option>
  ));
}
