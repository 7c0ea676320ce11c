import { useController, type Control } from 'react-hook-form';
import type { FieldSpec, FormValues } from '../../../shared/form-schema/types';
import { constraintHint, inputTypeFor } from './model/form-values';
import { Choice, ChoiceGroup } from './ChoiceGroup';
import { DateTimeField } from './DateTimeField';
import { FieldLabel } from './FieldLabel';
import { SecretInput } from './SecretInput';
import { UnsupportedField } from './UnsupportedField';
import './FieldControl.css';

/** Options up to this many are drawn as a radio group; more as a `<select>`. */
const MAX_RADIO_OPTIONS = 4;

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
        <FieldLabel id={id} field={field} />
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
      <FieldLabel id={id} field={field} />
      {help}
      {secret ? <SecretInput id={id} label={field.label} input={input} /> : input(numeric ? 'text' : inputTypeFor(field))}
      {errorLine}
    </div>
  );
}
