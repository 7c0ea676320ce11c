import type { FieldSpec } from '../../../shared/form-schema/types';
import './UnsupportedField.css';

/** A field Switchboard cannot draw as a control (spec E-FORM-9): named, explained, and never sent. */
export function UnsupportedField({ field }: { field: FieldSpec }) {
  return (
    <div className="field field-unsupported" role="note" aria-label={`Unsupported field: ${field.label}`}>
      <p className="field-label">
        Unsupported field: {field.label}
        {field.required ? ' (required)' : ''}
      </p>
      <p className="field-help">
        {field.unsupportedReason ? `${field.unsupportedReason} ` : ''}
        Switchboard cannot show this kind of field, so it will not be sent.
        {field.required ? ' Because it is required, this request can only be declined or cancelled.' : ''}
      </p>
    </div>
  );
}
