import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { FieldSpec } from '../../../shared/form-schema/types';
import { DATE_TIME_EXAMPLE, localInputToRfc3339, localOffsetAt, rfc3339ToLocalInput, timeZoneText } from './model/form-values';
import { FieldLabel } from './FieldLabel';
import './DateTimeField.css';

/** A date-time field's control props, as FieldControl.tsx passes them from react-hook-form. */
export interface DateTimeFieldProps {
  field: FieldSpec;
  id: string;
  /** The form value: an RFC 3339 date-time, '' when empty, or whatever was typed in the text box. */
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  controlRef: (element: HTMLInputElement | null) => void;
  help: ReactNode;
  errorLine: ReactNode;
  describedBy: string | undefined;
  invalid: true | undefined;
}

/**
 * A date-time field (spec E-FORM-2 `format: date-time`): a native date-and-time picker in the user's own time
 * zone, whose choice is sent as RFC 3339 with that zone's offset (e.g. 2025-06-30T14:30:00+02:00). A value the
 * picker cannot show (from the agent's default, a draft, or typed) is offered as text, and the user may always
 * switch to typing; the text box's example is the same one main's error message uses.
 */
export function DateTimeField(props: DateTimeFieldProps) {
  const { field, id, value, onChange, onBlur, controlRef, help, errorLine, describedBy, invalid } = props;
  const local = rfc3339ToLocalInput(value);
  const [typing, setTyping] = useState(() => local === undefined);
  const element = useRef<HTMLInputElement | null>(null);
  const switched = useRef(false);
  const zoneId = `${id}-zone`;

  // After the user switches between picker and text box, the new control takes the focus.
  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    element.current?.focus();
  }, [typing]);

  const setRef = (node: HTMLInputElement | null) => {
    element.current = node;
    controlRef(node);
  };
  const described = [describedBy, zoneId].filter(Boolean).join(' ');
  const common = {
    id,
    name: id,
    onBlur,
    ref: setRef,
    autoComplete: 'off',
    'aria-required': field.required || undefined,
    'aria-invalid': invalid,
    'aria-describedby': described,
  } as const;

  const unreadable = local === undefined && value !== '';
  const at = local ? new Date(Date.parse(value.toUpperCase())) : new Date();
  return (
    <div className="field">
      <FieldLabel id={id} field={field} />
      {help}
      {typing ? (
        <input
          {...common}
          type="text"
          spellCheck={false}
          placeholder={DATE_TIME_EXAMPLE}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          {...common}
          type="datetime-local"
          className="datetime-input"
          // Empty, the picker shows its format (mm/dd/yyyy, --:--), drawn as a placeholder (FieldControl.css).
          data-empty={local ? undefined : ''}
          value={local ?? ''}
          onChange={(e) => onChange(localInputToRfc3339(e.target.value) ?? e.target.value)}
        />
      )}
      <p className="field-hint">
        <span id={zoneId}>
          {typing
            ? `Type it like ${DATE_TIME_EXAMPLE}, where Z means UTC; for your own time zone end with ${localOffsetAt(new Date())} instead of Z.`
            : (
              <>
                In your time zone, {timeZoneText(at)}.
                {value && local && (
                  <>
                    {' '}
                    Sent as <span className="field-hint-value">{value}</span>.
                  </>
                )}
              </>
            )}
        </span>{' '}
        <button
          type="button"
          className="link-button field-hint-action"
          onClick={() => {
            switched.current = true;
            if (typing && unreadable) onChange('');
            setTyping((t) => !t);
          }}
        >
          {typing ? (unreadable ? 'Clear and use the date picker' : 'Use the date picker') : 'Type it instead'}
        </button>
      </p>
      {errorLine}
    </div>
  );
}
