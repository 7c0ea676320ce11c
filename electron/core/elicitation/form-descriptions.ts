/**
 * What the broker needs of a form request's `requestedSchema` (spec E-FORM-1, E-FORM-10): why it is refused, or
 * the fields it describes. Kept per schema, so an agent that asks the same form again (a confirmation it asks on
 * every run, say) is not described again, and the described fields — the key of form-validation.ts's compiled
 * checks — are the same array, so its answer is checked without compiling anything.
 *
 * Measured by the bench (elicitation overhead, issue 13): describing the 13-field bench form (its secret-word
 * scan, the invisible-character reveal) and compiling its checks for a fresh field list took ~0.6 ms of main's
 * time per request at the median; a repeat now costs one `JSON.stringify` of the schema and a map lookup.
 */
import { describeForm, findSchemaContradiction, findSchemaSizeProblem, type FieldSpec } from '../../../shared/form-schema';

/** A described form: `refusal` is the sentence for -32602 when the schema cannot be used; else its fields. */
export type FormDescriptionResult = { refusal: string } | { refusal?: undefined; fields: FieldSpec[] };

/** Distinct schemas kept; least recently used go first. Agents ask a handful of kinds of form. */
export const MAX_CACHED_FORMS = 64;
/** A schema longer than this, as JSON, is described each time rather than kept (its text is the key). */
export const MAX_CACHED_FORM_CHARS = 64 * 1024;

const cache = new Map<string, FormDescriptionResult>();

/**
 * Describes `requestedSchema`, or says why it is refused: the size limits first (before any work that scales
 * with it), then contradictions. The result is shared between requests with the same schema: do not mutate it.
 */
export function describeRequestedForm(requestedSchema: unknown): FormDescriptionResult {
  const tooLarge = findSchemaSizeProblem(requestedSchema);
  if (tooLarge) return { refusal: tooLarge };
  const key = JSON.stringify(requestedSchema ?? null);
  const cached = cache.get(key);
  if (cached) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const contradiction = findSchemaContradiction(requestedSchema);
  const result: FormDescriptionResult = contradiction ? { refusal: contradiction } : { fields: describeForm(requestedSchema).fields };
  if (key.length <= MAX_CACHED_FORM_CHARS) {
    cache.set(key, result);
    if (cache.size > MAX_CACHED_FORMS) cache.delete(cache.keys().next().value!);
  }
  return result;
}
