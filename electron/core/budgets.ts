/**
 * Every limit Switchboard puts on what one agent sends, in one place, each with
 * its reason. An agent is a program the user chose to run, but what it sends is untrusted: each budget
 * below keeps one agent's input from costing the user another agent, a session or a typed answer.
 * docs/isolation.md explains the model these numbers serve.
 *
 * Sizes are in bytes unless the name says otherwise.
 */

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * JSON-RPC error code for a request refused because its agent is over a request budget: too many requests a
 * second or waiting at once (elicitation/flood-guard.ts), or too many file reads and writes queued
 * (sessions/session-registry.ts). Implementation-defined server error range.
 */
export const TOO_MANY_REQUESTS = -32005;

// ── The connection's worker (electron/core/acp/worker) ─────────────────────────────────────────────────

/**
 * Heap of one agent's connection worker. Everything an agent sent that is not yet handled lives there
 * (the SDK's parsing, validation, pending messages); an agent that outgrows it ends only its own worker,
 * and the user reads "Switchboard stopped <name>: it sent more than 256 MB that was not yet handled".
 */
export const WORKER_OLD_GENERATION_MB = 256;
/** Young generation of the worker: large enough that streaming chunks do not thrash the scavenger. */
export const WORKER_YOUNG_GENERATION_MB = 32;
/** Stack of the worker, so no recursion over agent data can take the thread down in a surprising place. */
export const WORKER_STACK_MB = 4;

/**
 * Steps of one plan kept for display. Real agents' plans run to a few dozen steps, and every step is a row the
 * renderer draws again on each plan update: one update of 20 000 steps (1.2 MB, well under a line's budget)
 * froze the page, every agent's, for 34 s. Past this the steps are counted, not kept.
 */
export const MAX_PLAN_STEPS = 200;

/** Characters of one plan step kept: a step is a sentence, and 1 000 characters is a long paragraph. */
export const MAX_PLAN_STEP_CHARS = 1000;

/**
 * A line (one JSON-RPC message) an agent may send: 8 MiB, a quarter of the SDK's own 32 MiB default.
 * Large enough for a big file's diff in one tool call update; an agent that sends more is stopped with a
 * sentence rather than having the client buffer a line without end.
 */
export const MAX_LINE_BYTES = 8 * MiB;

/**
 * Nesting of any JSON value an agent sends. ACP's deepest real shapes (a diff inside tool call content
 * inside an update, a form field's `items.anyOf`) stay under 12 levels; 64 leaves room for `_meta` and
 * extensions. Checked iteratively in the worker before anything keeps, clones or serialises the value:
 * 5 000 levels once made every serialisation of the queue throw `RangeError`.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Messages an agent may send before it answers `initialize`; they are held until the SDK client of the
 * negotiated version exists. A real agent sends none or a few (a log notification); 20 000 × 20 KB once
 * cost main 404 MB.
 */
export const MAX_MESSAGES_BEFORE_INITIALIZE = 256;
/** Bytes an agent may send before it answers `initialize` (same reason as above). */
export const MAX_BYTES_BEFORE_INITIALIZE = 4 * MiB;

/**
 * How long an agent may take to answer `initialize`, in ms, when nothing it did says earlier that it will not
 * (handshake-failure.ts). A real agent answers within a second or two once it runs, but one started through
 * `npx -y` may first download its package, which takes tens of seconds on a slow network; 30 s lets that
 * through, and a program that never answers is stopped with a sentence instead of showing "Starting…" for ever.
 */
export const INITIALIZE_TIMEOUT_MS = 30_000;

/**
 * How long an agent may take to answer `initialize` once it has printed a line that is not an ACP message, in
 * ms. Some agents print a banner or a log line on their standard output before they speak ACP (other clients
 * skip such lines, and so does Switchboard after the handshake), and then answer at once; a program that prints
 * text and then waits (a server's "listening on…", a prompt) is not an agent, and the user is told in seconds,
 * quoting the line, rather than after the full {@link INITIALIZE_TIMEOUT_MS}.
 */
export const UNREADABLE_OUTPUT_GRACE_MS = 3_000;

/**
 * Lines that are not ACP messages an agent may print before it answers `initialize`. A banner is a few lines;
 * a program that prints more is printing its own output, not speaking ACP, and is stopped at once.
 */
export const MAX_UNREADABLE_LINES_BEFORE_INITIALIZE = 20;

// ── Backpressure between the agent, main and its worker ────────────────────────────────────────────────

/**
 * Bytes main has relayed from the agent's stdout to its worker and the worker has not yet taken in.
 * While the window is full, main stops reading the agent's stdout, the pipe fills, and the agent waits:
 * backpressure instead of a queue without bound.
 */
export const RELAY_WINDOW_BYTES = 1 * MiB;

/**
 * Bytes of callbacks (session updates, requests) the worker has posted to main that main has not yet
 * acknowledged. While the window is full the worker stops taking the agent's bytes in (see above).
 */
export const EVENT_WINDOW_BYTES = 2 * MiB;

/**
 * Batches the worker may have posted that main has not yet acknowledged. Main runs its tasks in order, so
 * every batch one agent has queued is time another agent's answer waits behind; two keep that backlog to a
 * few milliseconds (one batch runs while the next is on its way) whatever the agent sends.
 */
export const MAX_BATCHES_IN_FLIGHT = 2;

/**
 * Callbacks in one batch the worker posts to main. Main handles a batch in one task, so this bounds the
 * time one agent holds main's event loop at a stretch: each callback costs main 30–50 µs (a transcript
 * entry, its event), so 32 stay near 1.5 ms, far under the 50 ms the issue allows, even on a loaded machine.
 */
export const MAX_CALLS_PER_BATCH = 32;

// ── Files a v1 agent reads and writes through Switchboard (electron/core/sessions/file-access.ts) ────────

/** Largest file an agent may read or write through `fs/read_text_file` / `fs/write_text_file`. */
export const MAX_FILE_BYTES = 10 * MiB;

/**
 * Largest answer to one `fs/read_text_file`, as the JSON written to the agent. Text grows little when
 * JSON-escaped (newlines and quotes take two bytes); a file of control characters grows six-fold, so a
 * 10 MB file of them is refused with a sentence rather than sent as 60 MB.
 */
export const MAX_READ_ANSWER_BYTES = 2 * MAX_FILE_BYTES;

/**
 * File reads and writes one connection may have in progress at once. Each holds up to MAX_FILE_BYTES in
 * main (buffer and string) and a libuv threadpool thread (main has four, shared with DNS and the app's own
 * files); without a cap an agent firing thousands of reads at once made main hold gigabytes. Further ones
 * wait their turn (MAX_FILE_ACCESS_QUEUED).
 */
export const MAX_FILE_ACCESS_IN_FLIGHT = 2;

/**
 * File accesses of one connection that may wait for a turn, holding only their parameters. Agents that
 * read several files at once are served in order; beyond this many the extra ones are refused with -32005
 * and may be retried.
 */
export const MAX_FILE_ACCESS_QUEUED = 64;

/**
 * Bytes Switchboard may have written to an agent's stdin that the agent has not read. Answers are small,
 * except file reads: room for 8 MiB of ordinary answers plus MAX_FILE_ACCESS_IN_FLIGHT read answers of
 * MAX_READ_ANSWER_BYTES, 48 MiB in all (a budget of 8 MiB alone once ended the connection of an agent that read one 9 MB
 * file). An agent that never reads its stdin fills this and its connection ends with a sentence, instead
 * of main queueing answers until it runs out of memory (which once took 25 s).
 */
export const MAX_STDIN_QUEUE_BYTES = 8 * MiB + MAX_FILE_ACCESS_IN_FLIGHT * MAX_READ_ANSWER_BYTES;

// ── What main keeps for an agent ───────────────────────────────────────────────────────────────────────

/**
 * Bytes of the agent's requests that wait for the user at once (forms, permissions, file writes), counted
 * as the JSON the agent sent. 25 forms of 19.5 MB once exhausted main's heap; a request that would go over
 * is refused with a JSON-RPC error and nothing is stored.
 */
export const MAX_PENDING_BYTES_PER_AGENT = 32 * MiB;

/**
 * One form's `requestedSchema`, as JSON. A form of 500 fields with long descriptions is under 1 MiB; larger
 * ones are refused with -32602 in the worker, before main sees them.
 */
export const MAX_FORM_SCHEMA_BYTES = 2 * MiB;

// Two form budgets live beside the code that applies them, in shared/ (which imports nothing from here):
// MAX_FORM_OPTIONS_TOTAL (shared/form-schema/limits.ts) and MAX_CACHED_VALIDATORS (shared/form-validation.ts).

/**
 * Entries one session's transcript may hold. A long day's session has a few thousand; an agent that sends
 * more (e.g. a new `messageId` with every chunk) is stopped with a sentence, and its transcript stays.
 */
export const MAX_TRANSCRIPT_ENTRIES = 20_000;

/** Characters of text one session's transcript may hold (same reason as above). */
export const MAX_TRANSCRIPT_CHARS = 32 * 1024 * 1024;

/**
 * Lines of a connection worker's own console output (the SDK's diagnostics) passed on to the app's log.
 * Those lines can quote what the agent sent, so they go through the redacting log like every other line
 * (spec E-PRIV-1), and an agent that makes the SDK complain on every message cannot fill the log.
 */
export const MAX_WORKER_CONSOLE_LINES = 200;
/**
 * Characters held of one worker console line (a quoted message can be megabytes). Far past what a log line shows
 * (MAX_LOG_LINE_CHARS): the line is redacted whole and only then cut, so a secret that straddles the shown part is
 * still whole when it is matched.
 */
export const MAX_WORKER_CONSOLE_LINE_CHARS = 16 * 1024;

/**
 * An agent went over one of the budgets above. `message` is the clause after "Switchboard stopped
 * <name>: ", e.g. "it sent more than 256 messages before answering initialize" (no capital, no stop).
 */
export class BudgetExceeded extends Error {
  override readonly name = 'BudgetExceeded';
}

/** The sentence the user reads when an agent is stopped for going over a budget. */
export function stoppedSentence(agentName: string, clause: string): string {
  return `Switchboard stopped ${agentName}: ${clause}.`;
}


// ── What Switchboard quotes of an agent's words ────────────────────────────────────────────────────────

/**
 * Characters of an agent's error (message and detail) shown in a notice, a status or a transcript line: enough for
 * a sentence and its detail; an agent's message can be any length (a 200k-character one filled a notice).
 */
export const MAX_AGENT_ERROR_CHARS = 300;

// ── The URL-mode window (electron/main/url-window.ts) ───────────────────────────────────────────────────

/**
 * Popups one request's page may open in all, its nested popups included. A sign-in opens one or two (the
 * provider's consent page, a second factor); a page that opens more is flooding the user's screen, and its
 * further `window.open` calls are denied.
 */
export const MAX_POPUPS_PER_REQUEST = 8;

// ── Terminal sign-in (electron/core/agents/terminal-sign-in.ts) ───────────────────────────────────────────

/**
 * Longest command line shown: the user reads it before running it, and real ones are under 200 characters. The
 * arguments and environment come from the agent and are never cut (a cut command would run something else).
 */
export const MAX_SIGN_IN_COMMAND_CHARS = 4096;
