// The enquiry dialogs' choice of one text (priority, status, property type), on the kit's SelectField.
import { SelectField, textOptions } from '../kit';

/** A labelled select of the enquiry dialogs; `none` adds a first, empty choice with that text. */
export function ChoiceField({
  label,
  value,
  onChange,
  options,
  none,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly string[];
  none?: string;
}) {
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      {none !== undefined && <option value="">{none}</option>}
      {textOptions(options)}
    </SelectField>
  );
}
