import { Children, useEffect, useRef, useState, type ReactNode } from 'react';
import { useController, type Control } from 'react-hook-form';
import type { FieldSpec, FormValues } from '../../../shared/form-schema/types';
import {
  DATE_TIME_EXAMPLE,
  constraintHint,
  inputTypeFor,
  localInputToRfc3339,
  localOffsetAt,
  rfc3339ToLocalInput,
  timeZoneText,
} from './model/form-values';
import './FieldControl.css';

/** Options up to this many are drawn as a radio group; more as a `<select>`. */
const MAX_RADIO_OPTIONS = 4;
/** Checkboxes up to this many are drawn in full; a longer list scrolls in its own region (about 8 rows high). */
const MAX_INLINE_CHOICES = 8;

interface FieldControlProps {
  field: FieldSpec;
  /** The react-hook-form key of this field (see form-values.ts). */
  fieldKey: string;
  control: Control<FormValues>;
  /** Unique per card, so ids and radio names never collide between cards. */
  idBase: string;
  /** Main's note about a check that is switched off for this field (e.g. an unreadable pattern, E-FORM-6). */
  note?: string;
}

/**
 * One form field drawn as the control its kind calls for (spec E-FORM-2, E-FORM-3, E-FORM-7): a labelled
 * control with its description as help text, a required marker, and main's error in plain words (E-FORM-5).
 * Unsupported kinds are never drawn as controls (E-FORM-9).
 */
export function FieldControl(props: FieldControlProps) {
  if (props.field.kind === 'unsupported') return <UnsupportedField field={props.field} />;
  return <SupportedField {...props} />;
}

function SupportedField({ field, fieldKey, control, idBase, note }: FieldControlProps) {
  const {
    field: { value, onChange, onBlur, ref: controlRef },
    fieldState,
  } = useController({ name: fieldKey, control });
  const error = fieldState.error?.message;
  const id = `${idBase}-${fieldKey}`;
  const descriptionId = field.description ? `${id}-description` : undefined;
  const hint = constraintHint(field);
  const hintId = hint ? `${id}-hint` : undefined;
  const noteId = note ? `${id}-note` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, hintId, noteId, errorId].filter(Boolean).join(' ') || undefined;
  const invalid = error ? true : undefined;

  const help = (
    <>
      {field.description && (
        <p id={descriptionId} className="field-help">
          {field.description}
        </p>
      )}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {note && (
        <p id={noteId} className="field-note">
          {note}
        </p>
      )}
    </>
  );
  const errorLine = error && (
    <p id={errorId} className="field-error" role="alert">
      {error}
    </p>
  );

  if (field.kind === 'boolean') {
    return (
      <div className="field field-boolean">
        <div className="check-row">
          <input
            id={id}
            type="checkbox"
            name={id}
            checked={value === true}
            onChange={(e) => onChange(e.target.checked)}
            onBlur={onBlur}
            ref={controlRef}
            aria-invalid={invalid}
            aria-describedby={describedBy}
          />
          <label htmlFor={id} className="field-label">
            {field.label}
          </label>
        </div>
        {help}
        {errorLine}
      </div>
    );
  }

  if (field.kind === 'multi-select') {
    const selected = Array.isArray(value) ? (value as string[]) : [];
    const options = field.options ?? [];
    const toggle = (option: string, on: boolean) => {
      const next = new Set(selected);
      if (on) next.add(option);
      else next.delete(option);
      // Keep schema order so the review and the wire value read predictably.
      onChange(options.map((o) => o.value).filter((v) => next.has(v)));
    };
    return (
      <ChoiceGroup
        id={id}
        label={field.label}
        required={field.required}
        help={help}
        errorLine={errorLine}
        aria-describedby={describedBy}
      >
        {options.map((option, index) => (
          <Choice
            key={option.value}
            id={`${id}-${index}`}
            type="checkbox"
            name={id}
            title={option.title}
            description={option.description}
            checked={selected.includes(option.value)}
            onChange={(on) => toggle(option.value, on)}
            onBlur={onBlur}
            inputRef={index === 0 ? controlRef : undefined}
            invalid={invalid}
          />
        ))}
      </ChoiceGroup>
    );
  }

  if (field.kind === 'single-select') {
    const chosen = typeof value === 'string' ? value : '';
    const options = field.options ?? [];
    if (options.length <= MAX_RADIO_OPTIONS) {
      const choices = field.required ? options : [...options, { value: '', title: 'No answer' }];
      return (
        <ChoiceGroup
          id={id}
          label={field.label}
          required={field.required}
          help={help}
          errorLine={errorLine}
          role="radiogroup"
          aria-required={field.required || undefined}
          aria-describedby={describedBy}
          aria-invalid={invalid}
        >
          {choices.map((option, index) => (
            <Choice
              key={`${index}:${option.value}`}
              id={`${id}-${index}`}
              type="radio"
              name={id}
              title={option.title}
              description={'description' in option ? option.description : undefined}
              checked={chosen === option.value}
              onChange={(on) => on && onChange(option.value)}
              onBlur={onBlur}
              inputRef={index === 0 ? controlRef : undefined}
              invalid={invalid}
            />
          ))}
        </ChoiceGroup>
      );
    }
    return (
      <div className="field">
        <label htmlFor={id} className="field-label">
          {field.label}
          <RequiredMark required={field.required} />
        </label>
        {help}
        <select
          id={id}
          name={id}
          value={chosen}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          ref={controlRef}
          aria-required={field.required || undefined}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        >
          <option value="">Choose…</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.title}
            </option>
          ))}
        </select>
        {errorLine}
      </div>
    );
  }

  if (field.kind === 'string' && field.format === 'date-time') {
    return (
      <DateTimeField
        field={field}
        id={id}
        value={typeof value === 'string' ? value : ''}
        onChange={onChange}
        onBlur={onBlur}
        controlRef={controlRef}
        help={help}
        errorLine={errorLine}
        describedBy={describedBy}
        invalid={invalid}
      />
    );
  }

  // string, number, integer: a text box. Numbers keep the raw text; main parses and checks it (E-FORM-7).
  const numeric = field.kind === 'number' || field.kind === 'integer';
  const secret = field.looksSecret && !numeric;
  const input = (type: string) => (
    <input
      id={id}
      name={id}
      type={type}
      inputMode={field.kind === 'integer' ? 'numeric' : field.kind === 'number' ? 'decimal' : undefined}
      autoComplete="off"
      spellCheck={numeric || secret ? false : undefined}
      value={typeof value === 'string' ? value : ''}
      // An empty date picker shows its format (mm/dd/yyyy), drawn as a placeholder (FieldControl.css).
      data-empty={type === 'date' && !value ? '' : undefined}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      ref={controlRef}
      aria-required={field.required || undefined}
      aria-invalid={invalid}
      aria-describedby={describedBy}
    />
  );
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {field.label}
        <RequiredMark required={field.required} />
      </label>
      {help}
      {secret ? <SecretInput id={id} label={field.label} input={input} /> : input(numeric ? 'text' : inputTypeFor(field))}
      {errorLine}
    </div>
  );
}

/**
 * A secret-looking string field (spec E-FORM-12): a password box with a "Show" toggle. The toggle is named by
 * its own text ("Show API token"), not by aria-label, so looking the field up by its label finds only the box.
 */
function SecretInput({ id, label, input }: { id: string; label: string; input: (type: string) => ReactNode }) {
  const [shown, setShown] = useState(false);
  return (
    <div className="input-with-action">
      {input(shown ? 'text' : 'password')}
      <button type="button" className="button input-action" aria-controls={id} onClick={() => setShown((s) => !s)}>
        {shown ? 'Hide' : 'Show'}
        <span className="sr-only"> {label}</span>
      </button>
    </div>
  );
}

interface DateTimeFieldProps {
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
function DateTimeField(props: DateTimeFieldProps) {
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
      <label htmlFor={id} className="field-label">
        {field.label}
        <RequiredMark required={field.required} />
      </label>
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

function RequiredMark({ required }: { required: boolean }) {
  if (!required) return null;
  return (
    <span className="required-mark" aria-hidden="true" title="Required">
      {' *'}
    </span>
  );
}

interface ChoiceGroupProps {
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
function ChoiceGroup({
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

interface ChoiceProps {
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

function Choice({ id, type, name, title, description, checked, onChange, onBlur, inputRef, invalid }: ChoiceProps): ReactNode {
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

function UnsupportedField({ field }: { field: FieldSpec }) {
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
