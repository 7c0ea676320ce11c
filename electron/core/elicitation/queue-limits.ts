/**
 * The bounds on what the elicitation queue keeps of each agent's requests once they need no answer
 * (architecture rule 8: every input from an agent has a named budget).
 */

/**
 * How many refused items (invalid forms, refused URLs) each agent keeps in the queue for the user to read; older
 * ones are dropped. A refused request costs the agent nothing (it is answered at once), so without a cap an
 * agent could fill the queue with them.
 */
export const MAX_REFUSED_PER_AGENT = 20;

/**
 * Characters of a refused, over-long URL kept to show the user (the rest is cut with an ellipsis): enough to see
 * the scheme, the host and where the path goes, while {@link MAX_REFUSED_PER_AGENT} addresses of a whole line's
 * size (8 MiB) would otherwise stay on main and be drawn by the renderer.
 */
export const SHOWN_REFUSED_URL_CHARS = 2_000;

/**
 * How many ended items (withdrawn, completed, stopped) each agent keeps in the queue until the
 * user clears them; older ones are dropped. Ending costs the agent nothing and releases its pending-bytes budget,
 * so an agent that asked and withdrew 16 times a second held 300 MB on main within a minute.
 */
export const MAX_ENDED_PER_AGENT = 50;

/**
 * Characters of its message an ended item keeps (the rest is cut with an ellipsis): enough to recognise the
 * request in its ended card, while 50 withdrawn 4 MiB messages would otherwise stay on main.
 */
export const MAX_ENDED_MESSAGE_CHARS = 2_000;

/**
 * Characters of a form's schema (keys and strings, as form-descriptions.ts's `textWithin` counts them) up to which an
 * ended form the user typed nothing into keeps its description; past it the description is dropped, and its card says
 * it ended without its fields. An agent
 * that asked a 2 MB form and withdrew it in a loop left 50 × 2 MB in the queue, 100 MB on main, sent to every window
 * and serialised whole by each snapshot (248 ms each). Real forms are a few KB.
 */
export const MAX_ENDED_SCHEMA_CHARS = 64 * 1024;
