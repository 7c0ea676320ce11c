/**
 * The shapes a form request is read into (spec "Form mode", E-FORM-1..12): fields ready to draw, the values a
 * form holds and main's verdict on them. Shared by the renderer, the core and the bridge contract.
 */

/** The control a property is drawn as (spec E-FORM-2); `unsupported` per E-FORM-9. */
export type FieldKind = 'string' | 'single-select' | 'number' | 'integer' | 'boolean' | 'multi-select' | 'unsupported';

/** One choice of a single- or multi-select. `value` is what goes on the wire (E-FORM-7), `title` what is shown. */
export interface FieldOption {
  value: string;
  title: string;
  description?: string;
}

/** One property of the requested schema, ready to render. */
export interface FieldSpec {
  /** Property name: the key in `content`. */
  name: string;
  /** The property's `title`, else its name. */
  label: string;
  description?: string;
  required: boolean;
  kind: FieldKind;
  /** Choices of a single- or multi-select, in schema order. */
  options?: FieldOption[];
  /** String `format` as given (email | uri | date | date-time, or unknown: an annotation, E-FORM-11). */
  format?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  /** The schema `default`, kept only when it is valid for the field (E-FORM-3). */
  defaultValue?: string | number | boolean | string[];
  /** Why an `unsupported` field cannot be shown as a control (E-FORM-9). */
  unsupportedReason?: string;
  /** True when the name, title or format suggests a secret (E-FORM-12). */
  looksSecret: boolean;
}

/** A described form: the schema's own title/description and its fields in property order. */
export interface FormDescription {
  title?: string;
  description?: string;
  fields: FieldSpec[];
}

/**
 * Values as the form holds them, keyed by property name:
 * string and single-select → string (`''` = empty / unselected), number and integer → the typed text
 * (string), boolean → boolean, multi-select → string[]. Unsupported fields have no value.
 */
export type FormValues = Record<string, unknown>;

/** Main's verdict on a draft: per-field errors in plain words, and the `content` that Send would send. */
export interface FormCheck {
  /** Property name → a plain sentence. Empty when the form may be sent. */
  errors: Record<string, string>;
  /** Errors that belong to no single field (e.g. a required unsupported field, E-FORM-9). */
  formErrors: string[];
  /** Exactly the `content` an accept would carry now (E-FORM-7, E-FORM-8). */
  content: Record<string, string | number | boolean | string[]>;
  /**
   * Property name → a plain sentence about a check that is switched off, to show beside the field
   * (e.g. the agent's `pattern` cannot be read, so it is not checked, E-FORM-6). Never blocks Send.
   * `checkValues` always sets it (possibly empty); optional so older producers stay valid.
   */
  notes?: Record<string, string>;
}
