/**
 * Size limits on a requested form (a form a person can fill): they protect main and the renderer from a hostile
 * schema, and are checked before any work that scales with it.
 */
import { isObject, own, quote } from './json-access';

/** At most this many properties in one form. */
export const MAX_FORM_FIELDS = 500;
/** At most this many options in one select. */
export const MAX_FIELD_OPTIONS = 10_000;
/**
 * Options across all fields of one form. Each select may offer MAX_FIELD_OPTIONS, but
 * 500 fields × 5 000 options once took main 16 s to check; the total is what costs, in the UI too.
 */
export const MAX_FORM_OPTIONS_TOTAL = 20_000;

/**
 * Returns a plain sentence when a schema is larger than a person could fill (more than
 * {@link MAX_FORM_FIELDS} properties, or a select with more than {@link MAX_FIELD_OPTIONS} options), else
 * undefined. The core answers such a request -32602 with this message, before any work scales with it.
 */
export function findSchemaSizeProblem(requestedSchema: unknown): string | undefined {
  if (!isObject(requestedSchema)) return undefined;
  const properties = own(requestedSchema, 'properties');
  if (!isObject(properties)) return undefined;
  const names = Object.keys(properties);
  if (names.length > MAX_FORM_FIELDS) {
    return `The form has ${names.length} fields; Switchboard shows at most ${MAX_FORM_FIELDS}.`;
  }
  let total = 0;
  for (const name of names) {
    const property = own(properties, name);
    if (!isObject(property)) continue;
    const items = own(property, 'items');
    const lists = [own(property, 'enum'), own(property, 'oneOf'), isObject(items) ? own(items, 'enum') : undefined, isObject(items) ? own(items, 'anyOf') : undefined];
    const longest = Math.max(0, ...lists.map((list) => (Array.isArray(list) ? list.length : 0)));
    if (longest > MAX_FIELD_OPTIONS) {
      return `Property ${quote(name)} offers ${longest} options; Switchboard shows at most ${MAX_FIELD_OPTIONS}.`;
    }
    total += longest;
  }
  if (total > MAX_FORM_OPTIONS_TOTAL) {
    return `The form offers ${total} options across its fields; Switchboard shows at most ${MAX_FORM_OPTIONS_TOTAL}.`;
  }
  return undefined;
}
