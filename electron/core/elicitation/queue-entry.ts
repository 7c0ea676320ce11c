/**
 * What the elicitation broker keeps per request: the item the user sees and what only main may know about it
 * (architecture rule 4: the agent's JSON-RPC id and `elicitationId` never cross the bridge).
 */
import type { JsonRpcId, RequestError } from '@agentclientprotocol/sdk';
import type { AgentInfoView } from '../../../shared/views/agents';
import type { FormItemView, ItemScope, QueueItemView } from '../../../shared/views/requests';
import type { FieldSpec, FormCheck } from '../../../shared/form-schema/types';

/** Wire response to `elicitation/create` (spec E-RES-1, E-RES-2, E-URL-6: a URL accept has no content). */
export type ElicitationAnswer =
  | { action: 'accept'; content: FormCheck['content'] }
  | { action: 'accept' }
  | { action: 'decline' }
  | { action: 'cancel' };

/** What the broker needs to know about the connection a request arrived on (spec E-REQ-4). */
export interface ConnectionRef {
  /** Identity of this connection; a restarted agent gets a new one. */
  readonly connectionId: string;
  readonly agentId: string;
  readonly agentName: string;
  readonly agentInfo?: AgentInfoView;
  /** Modes advertised to this agent at `initialize` (spec E-CAP-1). */
  readonly advertisedModes: ReadonlyArray<'form' | 'url'>;
  /** Aborts when the connection closes. */
  readonly signal: AbortSignal;
  /** The session context for a `sessionId` this connection created, or undefined (spec E-REQ-3). */
  sessionContext(sessionId: string, toolCallId?: string): Extract<ItemScope, { kind: 'session' }> | undefined;
  /** A label for one of our pending requests to this agent, e.g. "while signing in" (spec E-REQ-3). */
  pendingRequestLabel(requestId: unknown): string | undefined;
}

/** One queued request: its view and what main keeps beside it. */
export interface QueueEntry {
  view: QueueItemView;
  connection: ConnectionRef;
  /** The agent's JSON-RPC id; cleared (through the queue, which indexes it) once the agent reuses it for a newer request. */
  jsonRpcId: JsonRpcId | undefined;
  /** Form mode: described once per schema (form-descriptions.ts), so its checks are compiled once, not per item or keystroke. */
  fields: FieldSpec[];
  /**
   * Form mode: the agent's schema has more text than MAX_ENDED_SCHEMA_CHARS (queue-limits.ts), so an ended form the
   * user typed nothing into drops its description. Decided once on arrival; the raw schema itself is not kept.
   */
  largeSchema?: boolean;
  /** URL mode: the agent's opaque `elicitationId` (never parsed, spec E-URL-1). */
  readonly elicitationId?: string;
  /** URL mode: the re-serialised URL, the only form ever opened. */
  openableUrl?: string;
  /** Request scope: the id of our request this elicitation belongs to (spec E-REQ-2). */
  scopeRequestId?: unknown;
  /** Ends the agent's request with this answer (an ElicitationAnswer, or a permission's option id). */
  settle?: (answer: never) => void;
  /** A request refused on arrival: the error the agent gets (the item only tells the user). */
  refusal?: RequestError;
  /**
   * The user ended what this request belongs to (Stop on its turn, Cancel on its sign-in) while it was open, so
   * its end reads `stopped`, not `withdrawn`: the agent only did what the user asked.
   */
  endedByUser?: boolean;
}

/** An item's state. */
export type ItemState = QueueItemView['state'];

/** States an item reaches without an answer from the user: its message is shortened to MAX_ENDED_MESSAGE_CHARS. */
export const ENDED: ReadonlyArray<ItemState> = ['withdrawn', 'completed', 'stopped', 'disconnected'];

/**
 * Ended states counted against MAX_ENDED_PER_AGENT. Not `disconnected`: those keep what the user typed
 * (spec E-CXL-4) and come only when the agent's connection ends, which supervision already limits.
 */
export const CAPPED_ENDED: ReadonlyArray<ItemState> = ['withdrawn', 'completed', 'stopped'];

/** States in which a URL item's `elicitationId` is outstanding (spec E-REQ-8, E-URL-7). */
export const OUTSTANDING: ReadonlyArray<ItemState> = ['pending', 'consented'];

/** The fields every new item starts with, before its mode's own. */
export type BaseView = Omit<FormItemView, 'mode' | 'form' | 'draft'>;

/** The form of a refused request, or of an ended one whose description was dropped: nothing to draw. */
export const NO_FORM: FormItemView['form'] = { fields: [] };
