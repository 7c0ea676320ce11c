/**
 * Turns the client's settled answers (to `elicitation/create` and `session/request_permission`) into the outcomes
 * a scenario reads, telling our own aborts (turn cancelled, question withdrawn) apart from the client's errors.
 */
import { RequestError } from '@agentclientprotocol/sdk';
import type { ElicitOutcome, PermissionChoice, PermissionOutcome } from './turn-host';

/**
 * Turns the settled `elicitation/create` request into an {@link ElicitOutcome}. A rejection caused by our own
 * abort (turn cancelled or question withdrawn) is reported as such; any other rejection is the client's error.
 */
export async function settleElicitation(
  request: Promise<{ action: string; content?: Record<string, unknown> | null }>,
  turnCancelled: AbortSignal,
  withdraw: AbortSignal | undefined,
): Promise<ElicitOutcome> {
  try {
    const response = await request;
    if (response.action === 'accept') return { kind: 'accept', content: response.content ?? {} };
    if (response.action === 'decline') return { kind: 'decline' };
    if (response.action === 'cancel') return { kind: 'cancel' };
    return { kind: 'error', code: -32603, message: `unexpected action ${JSON.stringify(response.action)}` };
  } catch (error) {
    if (turnCancelled.aborted) return { kind: 'turn-cancelled' };
    if (withdraw?.aborted) return { kind: 'withdrawn' };
    return errorOutcome(error);
  }
}

/** The answer shape both SDK versions return for `session/request_permission`. */
export interface PermissionAnswer {
  outcome: { outcome: string; optionId?: string };
}

/**
 * Turns the settled `session/request_permission` request into a {@link PermissionOutcome}: the option the
 * client chose (it must be one offered), `cancelled`, or, when the request was abandoned because the turn
 * was cancelled, `turn-cancelled`.
 */
export async function settlePermission(
  request: Promise<PermissionAnswer>,
  offered: readonly PermissionChoice[],
  turnCancelled: AbortSignal,
): Promise<PermissionOutcome> {
  try {
    const { outcome } = await request;
    if (outcome.outcome === 'cancelled') return { kind: 'cancelled' };
    if (outcome.outcome === 'selected') {
      const option = offered.find((candidate) => candidate.optionId === outcome.optionId);
      if (option) return { kind: 'selected', option };
      return { kind: 'error', code: -32602, message: `the client chose an option I did not offer (${JSON.stringify(outcome.optionId)})` };
    }
    return { kind: 'error', code: -32603, message: `unexpected outcome ${JSON.stringify(outcome.outcome)}` };
  } catch (error) {
    if (turnCancelled.aborted) return { kind: 'turn-cancelled' };
    return errorOutcome(error);
  }
}

/** A rejected request as an `error` outcome. */
function errorOutcome(error: unknown): { kind: 'error'; code: number; message: string } {
  if (error instanceof RequestError) return { kind: 'error', code: error.code, message: errorText(error) };
  return { kind: 'error', code: -32603, message: error instanceof Error ? error.message : String(error) };
}

/**
 * The client's error message, plus its `data` when that adds something (kept short). Data that only repeats
 * the message (Switchboard's `{ requestedSchema: "<the same sentence>" }`) is left out: quoted as JSON it read
 * as the sentence again inside escaped quotes.
 */
function errorText(error: RequestError): string {
  if (error.data === undefined || error.data === null) return error.message;
  if (stringsOf(error.data).every((text) => error.message.includes(text))) return error.message;
  const data = typeof error.data === 'string' ? error.data : JSON.stringify(error.data);
  if (!data || error.message.includes(data)) return error.message;
  return `${error.message} (${data.length > 300 ? `${data.slice(0, 300)}…` : data})`;
}

/** The strings in `value` (an error's `data`), a few levels deep; numbers and the like count as adding something. */
function stringsOf(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') return [value];
  if (depth > 3 || value === null || typeof value !== 'object') return [String(value)];
  return Object.values(value).flatMap((inner: unknown) => stringsOf(inner, depth + 1));
}
