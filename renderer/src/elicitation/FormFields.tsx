import type { Control } from 'react-hook-form';
import type { FieldSpec, FormCheck, FormValues } from '../../../shared/form-schema/types';
import { FieldControl } from './FieldControl';
import { fieldKey } from './model/form-values';
import './FormFields.css';

interface FormFieldsProps {
  /** The fields as main described them, in property order (spec E-FORM-2). */
  fields: FieldSpec[];
  control: Control<FormValues>;
  /** Unique per card: the form's id is `<idBase>-form`, each control's `<idBase>-<key>`. */
  idBase: string;
  agentName: string;
  /** Main's latest verdict, for its notes about checks switched off (spec E-FORM-6). */
  check: FormCheck | null;
  /** Review was asked for (the form's submit: its Review button, or Enter in a text box). */
  onSubmit: () => void;
}

/** The form being edited: one control per field, labelled with the agent it answers. */
export function FormFields({ fields, control, idBase, agentName, check, onSubmit }: FormFieldsProps) {
  return (
    <form
      className="card-form"
      id={`${idBase}-form`}
      noValidate
      aria-label={`Answers for ${agentName}`}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {fields.length === 0 && <p className="muted">This form has no fields.</p>}
      {fields.map((field, index) => (
        <FieldControl key={`${index}:${field.name}`} field={field} fieldKey={fieldKey(index)} control={control} idBase={idBase} note={check?.notes?.[field.name]} />
      ))}
    </form>
  );
}
