/**
 * What the broker needs of a form request's `requestedSchema` (spec E-FORM-1, E-FORM-10): why it is refused, or
 * the form it describes — the one description the card draws and the request's records read (architecture rule 10). Kept per schema, so an agent that asks the same form again (a confirmation it asks on
 * every run, say) is not described again, and the described fields — the key of form-validation.ts's compiled
 * checks — are the same array, so its answer is checked without compiling anything.
 *
 * Measured by the bench (elicitation overhead): describing the 13-field bench form (its secret-word
 * scan, the invisible-character reveal) and compiling its checks for a fresh field list took ~0.6 ms of main's
 * time per request at the median; a repeat now costs one `JSON.stringify` of the schema and a map lookup.
 */
import { findSchemaContradiction } from '../../../shared/form-schema/contradictions';
import { describeForm } from '../../../shared/form-schema/describe';
import { findSchemaSizeProblem } from '../../../shared/form-schema/limits';
import { formTextAsksForSecret, soleFieldCouldBeSecret, withSoleFieldSecret } from '../../../shared/form-schema/secrets';
import type { FormDescription } from '../../../shared/form-schema/types';

/**
 * A described form: `refusal` is the sentence for -32602 when the schema cannot be used; else its title, description
 * and fields, and `secretByMessage` when the form's message or description asks for a secret and its one field was
 * marked so.
 */
export type FormDescriptionResult = { refusal: string } | (FormDescription & { refusal?: undefined; secretByMessage?: true });

/** Distinct schemas kept; least recently used go first. Agents ask a handful of kinds of form. */
export const MAX_CACHED_FORMS = 64;
/** A schema longer than this, as JSON, is described each time rather than kept (its text is the key). */
export const MAX_CACHED_FORM_CHARS = 64 * 1024;

const cache = new Map<string, FormDescriptionResult>();

/**
 * Describes `requestedSchema`, or says why it is refused: the size limits first (before any work that scales
 * with it), then contradictions. A form of one plain text field whose `message` (or schema description) asks
 * for a secret has that field marked secret (spec E-FORM-12, shared/form-schema/secrets.ts `withSoleFieldSecret`). The
 * result is shared between requests with the same schema and message: do not mutate it.
 */
export function describeRequestedForm(requestedSchema: unknown, message?: string): FormDescriptionResult {
  const described = describeSchema(requestedSchema);
  if (described.refusal !== undefined || !soleFieldCouldBeSecret(described.fields)) return described;
  const summary = (requestedSchema as { description?: unknown }).description;
  if (!formTextAsksForSecret(message) && !formTextAsksForSecret(typeof summary === 'string' ? summary : undefined)) return described;
  return { ...described, fields: withSoleFieldSecret(described.fields, true), secretByMessage: true };
}

function describeSchema(requestedSchema: unknown): FormDescriptionResult {
  const tooLarge = findSchemaSizeProblem(requestedSchema);
  if (tooLarge) return { refusal: tooLarge };
  // A schema too long to keep is not serialised at all: the walk below stops once it has seen that much text, so a
  // 1 MiB form costs main no more than a small one before it is described as before.
  const key = textWithin(requestedSchema, MAX_CACHED_FORM_CHARS) ? JSON.stringify(requestedSchema ?? null) : undefined;
  const cached = key === undefined ? undefined : cache.get(key);
  if (key !== undefined && cached) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const contradiction = findSchemaContradiction(requestedSchema);
  const result: FormDescriptionResult = contradiction ? { refusal: contradiction } : describeForm(requestedSchema);
  if (key !== undefined && key.length <= MAX_CACHED_FORM_CHARS) {
    cache.set(key, result);
    if (cache.size > MAX_CACHED_FORMS) cache.delete(cache.keys().next().value!);
  }
  return result;
}

/**
 * Whether the keys and strings in `value` add up to at most `limit` characters (a lower bound on its JSON length).
 * Stops as soon as they pass it; the depth is already bounded by the depth guard.
 */
export function textWithin(value: unknown, limit: number): boolean {
  let left = limit;
  const visit = (node: unknown): boolean => {
    if (typeof node === 'string') return (left -= node.length) >= 0;
    if (typeof node !== 'object' || node === null) return (left -= 1) >= 0;
    if (Array.isArray(node)) return node.every(visit);
    for (const key in node) {
      if (!Object.hasOwn(node, key)) continue;
      if ((left -= key.length) < 0 || !visit((node as Record<string, unknown>)[key])) return false;
    }
    return true;
  };
  return visit(value);
}
