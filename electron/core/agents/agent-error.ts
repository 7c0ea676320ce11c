/**
 * An agent's JSON-RPC errors as the user reads them. The agent's text is untrusted: every notice and sentence
 * built from an agent error goes through {@link describeAgentError} (spec E-PRIV-1).
 */
import { RequestError } from '@agentclientprotocol/sdk';
import { MAX_PRINTED_BYTES } from '../acp/handshake-failure';
import { MAX_AGENT_ERROR_CHARS } from '../budgets';
import { quoteForUser } from './redact';

/** JSON-RPC's names for its standard errors, which mean nothing to a user, where the SDK puts them: first. */
const JSON_RPC_ERROR_NAME = /^(?:Parse error|Invalid request|Method not found|Invalid params|Internal error): (?=\S)/i;

/** `text` without a leading JSON-RPC error name ("Invalid params: Demo XL is not available" → "Demo XL is…"). */
export function withoutJsonRpcName(text: string): string {
  return text.replace(JSON_RPC_ERROR_NAME, '');
}

/**
 * An agent's JSON-RPC error in words, with its `data` when that says more than the message: redacted whole against
 * `secrets` and token shapes, on one line, then cut to {@link MAX_AGENT_ERROR_CHARS} (spec E-PRIV-1).
 */
export function describeAgentError(error: unknown, secrets: Iterable<string>): string {
  const message = error instanceof Error ? error.message : String(error);
  const data = error instanceof RequestError ? error.data : undefined;
  const detail = typeof data === 'string' ? data : typeof (data as { details?: unknown })?.details === 'string' ? (data as { details: string }).details : undefined;
  // Bounded before redaction only far past what is shown, so a secret straddling the shown part is still whole.
  const raw = (detail && !message.includes(detail) ? `${message} (${detail})` : message).slice(0, MAX_PRINTED_BYTES);
  return quoteForUser(raw, secrets, MAX_AGENT_ERROR_CHARS);
}
