/**
 * Warms main's form path once, a while after start, so the first form does not pay
 * for it (docs/performance.md).
 *
 * The first form of a process found main's code cold: describing it took ~7 ms and compiling and running its
 * checks ~16 ms (bench traces at load 3–6, against 0.2 and 0.3 ms warm), on the main thread, between the user's
 * Send and the agent's response. This runs the same two functions once on a synthetic form, late enough not to
 * compete with start-up ({@link FORM_WARM_UP_DELAY_MS}); the validators it compiles are kept like any other
 * form's (bounded, least recently used first), and nothing is shown, sent or stored.
 */
import { describeForm } from '../../../shared/form-schema/describe';
import { checkValues } from '../../../shared/form-validation';
import { syntheticFormSchema, syntheticFormValues } from '../synthetic-form';

/** How long after the hub starts main warms its form path, in ms: after the first paint, before a first answer. */
export const FORM_WARM_UP_DELAY_MS = 2_000;

/**
 * Describes the synthetic form and checks a valid answer to it.
 * @returns whether the answer passed (so the path of a valid answer is what warmed); never throws for it.
 */
export function warmFormPath(): boolean {
  const check = checkValues(describeForm(syntheticFormSchema()).fields, syntheticFormValues());
  return Object.keys(check.errors).length === 0 && check.formErrors.length === 0;
}
