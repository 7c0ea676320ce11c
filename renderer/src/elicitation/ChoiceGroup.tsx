import { Children, type ReactNode } from 'react';
import { RequiredMark } from './RequiredMark';
import './ChoiceGroup.css';

/** Checkboxes up to this many are drawn in full; a longer list scrolls in its own region (about 8 rows high). */
const MAX_INLINE_CHOICES = 8;

/** A choice group's field: its id, label and help, and the choices as children. */
export interface ChoiceGroupProps {
  /** The field's id; the legend is `<id>-legend` and names the group. */
  id: string;
  label: string;
  required: boolean;
  /** The field's help lines, between the legend and the choices. */
  help: ReactNode;
  /** The field's error line, after the choices. */
  errorLine: ReactNode;
  role?: 'radiogroup';
  'aria-required'?: true;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  children: ReactNode;
}

/** A group of checkboxes or radios: a fieldset named by its legend, the help, the choices, then the error. */
export function ChoiceGroup({
  id,
  label,
  required,
  help,
  errorLine,
  role,
  'aria-required': ariaRequired,
  'aria-describedby': ariaDescribedBy,
  'aria-invalid': ariaInvalid,
  children,
}: ChoiceGroupProps): ReactNode {
  const count = Children.count(children);
  const long = count > MAX_INLINE_CHOICES;
  return (
    <fieldset
      className="field field-group"
      role={role}
      aria-labelledby={`${id}-legend`}
      aria-required={ariaRequired}
      aria-describedby={ariaDescribedBy}
      aria-invalid={ariaInvalid}
    >
      <legend id={`${id}-legend`} className="field-label">
        {label}
        <RequiredMark required={required} />
      </legend>
      {help}
      {long ? (
        // A long list scrolls in a region of its own, so it never pushes the card's buttons away.
        <div className="choices is-long" role="group" tabIndex={0} aria-label={`${label}: ${count} choices`}>
          {children}
        </div>
      ) : (
        <div className="choices">{children}</div>
      )}
      {errorLine}
    </fieldset>
  );
}

/** One radio or checkbox of a {@link ChoiceGroup}; `title` is what is shown, the value stays with the caller. */
export interface ChoiceProps {
  id: string;
  type: 'radio' | 'checkbox';
  name: string;
  title: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur: () => void;
  inputRef?: (element: HTMLInputElement | null) => void;
  invalid: true | undefined;
}

/** One choice: its input, its label and, when the agent gave one, its description (spec E-FORM-7). */
export function Choice({ id, type, name, title, description, checked, onChange, onBlur, inputRef, invalid }: ChoiceProps): ReactNode {
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <div className="choice">
      <input
        id={id}
        type={type}
        name={name}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        onBlur={onBlur}
        ref={inputRef}
        aria-invalid={invalid}
        aria-describedby={descriptionId}
      />
      <label htmlFor={id}>{title}</label>
      {description && (
        <p id={descriptionId} className="choice-description">
          {description}
        </p>
      )}
    </div>
  );
}
