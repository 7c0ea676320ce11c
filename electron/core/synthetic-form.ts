/**
 * A synthetic form request's schema and a valid answer to it, for warming the code a form takes before the first
 * real one arrives (acp/worker/warm-up.ts in a connection worker, elicitation/form-warm-up.ts on main).
 * One field of each kind a form can have (shared/form-schema/describe.ts). Never shown, sent or stored. It sits
 * below both folders that use it, so neither imports the other.
 */

/** The schema: text with bounds, email, pattern, select, integer, number, boolean, multi-select. */
export function syntheticFormSchema(): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      text: { type: 'string', title: 'Text', minLength: 1, maxLength: 20 },
      email: { type: 'string', title: 'Email', format: 'email' },
      code: { type: 'string', title: 'Code', pattern: '^[A-Z]+$' },
      choice: { type: 'string', title: 'Choice', enum: ['a', 'b'] },
      count: { type: 'integer', title: 'Count', minimum: 1, maximum: 9 },
      ratio: { type: 'number', title: 'Ratio', minimum: 0, maximum: 1 },
      flag: { type: 'boolean', title: 'Flag', default: false },
      many: { type: 'array', title: 'Many', items: { type: 'string', enum: ['x', 'y'] }, minItems: 1 },
    },
    required: ['text'],
  };
}

/** Values that satisfy {@link syntheticFormSchema}, as the renderer sends a draft. */
export function syntheticFormValues(): Record<string, unknown> {
  return { text: 'warm-up', email: 'a@example.com', code: 'ABC', choice: 'a', count: 3, ratio: 0.5, flag: true, many: ['x'] };
}
