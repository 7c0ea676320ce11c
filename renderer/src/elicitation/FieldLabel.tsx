import type { FieldSpec } from '../../../shared/form-schema/types';
import { RequiredMark } from './RequiredMark';

/** A form field's visible label for the control `id`, with the required marker when the field is required. */
export function FieldLabel({ id, field }: { id: string; field: FieldSpec }) {
  return (
    <label htmlFor={id} className="field-label">
      {field.label}
      <RequiredMark required={field.required} />
    </label>
  );
}
