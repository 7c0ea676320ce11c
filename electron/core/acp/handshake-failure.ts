/**
 * Why an agent did not complete the ACP handshake, told as one sentence the sidebar, the agent's pane and the
 * log all use: "<name> did not answer the ACP handshake: <what it did>. <what to check>".
 *
 * The worker knows what the agent did (handshake.ts, worker/output-before-ready.ts) and throws a
 * {@link HandshakeFailed} with the clause; main, which knows the agent's name and its secret values, makes the
 * sentence (agents/agent-supervisor.ts) and quotes what the agent printed only after redacting it.
 */

/**
 * The handshake failed for a reason the agent's own behaviour shows. `message` is the clause after "did not
 * answer the ACP handshake: ", lower case, no stop ("it exited (code 0) before answering"). `printed` is what the
 * agent said instead: the message of the JSON-RPC error it answered with, or else the first line it wrote to its
 * standard output that is not an ACP message, as the agent wrote it (at most
 * {@link MAX_PRINTED_BYTES}, uncut); it can hold anything, so it is redacted before anyone reads it and never
 * logged. `closed` is true when the agent closed its output: its exit, which follows, says more.
 */
export class HandshakeFailed extends Error {
  override readonly name = 'HandshakeFailed';
  constructor(
    clause: string,
    readonly printed?: string,
    readonly closed = false,
  ) {
    super(clause);
  }
}

/** Characters kept of the line quoted from an agent's output: enough for a usage line or a log line's head. */
export const MAX_QUOTED_OUTPUT_CHARS = 120;

/**
 * Bytes of that line the worker keeps and hands to main, which redacts them before it cuts them to
 * {@link MAX_QUOTED_OUTPUT_CHARS}: a secret that straddles the cut must still be whole to be matched. 8 KiB holds
 * the shown head plus API keys, JWTs and PEM blocks far longer than any env value seen; a longer line's end is
 * dropped, and a secret cut there is dropped too (agents/redact.ts quoteForUser).
 */
export const MAX_PRINTED_BYTES = 8 * 1024;

/** What to check, said after every handshake failure. */
const WHAT_TO_CHECK =
  'Check that its command and arguments start an agent that speaks ACP on its standard input and output (many agents need a flag or an ACP adapter for that)';

/**
 * The sentence the user reads, e.g. `Cat did not answer the ACP handshake: it sent Switchboard's own initialize
 * request back, as a program that echoes its input (such as cat) does. Check that …`. `printed`, when given, must
 * already be redacted; it is quoted after the clause.
 */
export function handshakeSentence(agentName: string, clause: string, printed?: string): string {
  const quote = printed ? `: “${printed}”` : '';
  return `${agentName} did not answer the ACP handshake: ${clause}${quote}. ${WHAT_TO_CHECK}.`;
}

/**
 * The clause for an agent that ended before it answered `initialize`, from its exit code or signal; 127 and 126
 * keep what a shell means by them.
 */
export function exitedClause(code: number | null, signal: string | null): string {
  if (signal) return `it was stopped by signal ${signal} before answering`;
  if (code === 0) return 'it exited (code 0) without answering';
  if (code === 127) return 'it exited with code 127 before answering: its command was not found';
  if (code === 126) return 'it exited with code 126 before answering: its command could not be run';
  return `it exited with code ${code} before answering`;
}

/** Fields named in a schema-issues clause, at most; each a short dotted path of schema keys. */
const MAX_ISSUE_PATHS = 3;

/**
 * The clause for an initialize answer the protocol's schema refused: the SDK's zod error message is its issues
 * as multi-line JSON, which is no sentence. Names the fields at fault, or undefined when `message` is not such a list.
 */
export function schemaIssuesClause(message: string): string | undefined {
  let issues: unknown;
  try {
    issues = JSON.parse(message);
  } catch {
    return undefined;
  }
  if (!Array.isArray(issues) || !issues.length || !issues.every((i) => Array.isArray((i as { path?: unknown })?.path))) return undefined;
  const paths = [...new Set(issues.map((i) => (i as { path: unknown[] }).path.join('.')))];
  // Only schema-shaped names are repeated: anything else may be the agent's own text.
  const named = paths.filter((p) => /^[A-Za-z0-9_.]{1,60}$/.test(p)).slice(0, MAX_ISSUE_PATHS);
  const fields = named.length ? `: ${named.map((p) => `\`${p}\``).join(', ')} ${named.length > 1 ? 'are' : 'is'} missing or wrong` : '';
  return `its initialize answer is not what ACP requires${fields}`;
}
