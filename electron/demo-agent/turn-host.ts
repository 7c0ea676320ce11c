/**
 * What a scenario can do during one prompt turn ({@link TurnHost}, implemented once per protocol version in v1.ts
 * and v2.ts over host.ts), the questions it can ask and how they end, and the advertised elicitation modes.
 * Protocol-neutral: each version maps these shapes onto its own messages.
 */
import type { JsonRpcId } from '@agentclientprotocol/sdk';
import type { FormSchema } from './schemas';
import type { DemoServices } from './signin';
import type { ProtocolVersion } from './info';
import type { DemoSetup } from './setup';

/** Elicitation modes the client advertised in `initialize`. */
export interface ElicitationModes {
  form: boolean;
  url: boolean;
}

/**
 * Reads the advertised modes from a client's elicitation capability (`capabilities.elicitation` in v2,
 * `clientCapabilities.elicitation` in v1). A mode counts only when its key is present and not null
 * (spec E-CAP-1); anything that is not an object advertises nothing.
 */
export function elicitationModes(capability: unknown): ElicitationModes {
  if (typeof capability !== 'object' || capability === null || Array.isArray(capability)) {
    return { form: false, url: false };
  }
  const record = capability as Record<string, unknown>;
  return { form: record.form != null, url: record.url != null };
}

/** Where an elicitation belongs: a session (optionally one of its tool calls) or a pending client request. */
export type ElicitScope = { sessionId: string; toolCallId?: string } | { requestId: JsonRpcId };

/** What every question has, whatever its mode. */
interface QuestionBase {
  scope: ElicitScope;
  message: string;
  /** Aborting it withdraws the question: the SDK sends `$/cancel_request`. */
  withdraw?: AbortSignal;
}

/** One form question a scenario wants to ask. */
export interface FormQuestion extends QuestionBase {
  requestedSchema: FormSchema;
}

/** One URL-mode question: asks the user to open `url`; `accept` is consent only. */
export interface UrlQuestion extends QuestionBase {
  /** Opaque id the agent later names in `elicitation/complete`. */
  elicitationId: string;
  url: string;
}

/** A question in either mode. */
export type Question = FormQuestion | UrlQuestion;

/** Whether a question is a URL-mode one. */
export function isUrlQuestion(question: Question): question is UrlQuestion {
  return 'url' in question;
}

/** How an elicitation ended, from the scenario's point of view (a URL `accept` has empty `content`). */
export type ElicitOutcome =
  | { kind: 'accept'; content: Record<string, unknown> }
  | { kind: 'decline' }
  | { kind: 'cancel' }
  /** The agent withdrew the question itself (its `withdraw` signal). */
  | { kind: 'withdrawn' }
  /** The turn was cancelled by `session/cancel` (or the session closed); the question was withdrawn. */
  | { kind: 'turn-cancelled' }
  /** The client answered with a JSON-RPC error, or the connection failed. */
  | { kind: 'error'; code: number; message: string };

/** Tool-call statuses the scenarios use; each protocol maps them onto its own set. */
export type ToolCallEnd = 'completed' | 'failed' | 'cancelled';

/** ACP tool kinds the scenarios use. */
export type DemoToolKind = 'other' | 'delete' | 'edit';

/** A one-file change shown in a tool call: v1 sends the texts, v2 a `modify` change with a git patch. */
export interface DemoDiff {
  /** Absolute path. */
  path: string;
  oldText: string;
  newText: string;
}

/** What a new tool call shows besides its title. */
export interface ToolCallDetails {
  /** Default `other`. */
  kind?: DemoToolKind;
  /** Shown as the tool call's content (and its path as its location). */
  diff?: DemoDiff;
}

/** One option of a permission request, as ACP names its kind. */
export interface PermissionChoice {
  optionId: string;
  name: string;
  kind: 'allow_once' | 'allow_always' | 'reject_once' | 'reject_always';
}

/**
 * One `session/request_permission` about a tool call the scenario already started. v1 sends the tool call
 * (`toolCall: {toolCallId, title, kind}`); v2 sends `title`, `description` and the tool call as the subject.
 */
export interface PermissionQuestion {
  toolCallId: string;
  /** The tool call's title (also the v2 request's title). */
  title: string;
  kind: DemoToolKind;
  /** v2 only: why the agent asks (v1 has no such field). */
  description?: string;
  /** What the tool call acts on, sent as its `locations`. */
  paths?: string[];
  /** The tool's input as the agent would pass it (`rawInput`), e.g. `{ path }` or `{ command }`. */
  rawInput?: Record<string, unknown>;
  options: PermissionChoice[];
}

/**
 * The tool call a permission request carries, the same in v1 (`toolCall`) and v2 (`subject.toolCall`): id, title,
 * kind, and what it acts on (`locations`, `rawInput`) when the question names it.
 */
export function permissionToolCall(question: PermissionQuestion) {
  return {
    toolCallId: question.toolCallId,
    title: question.title,
    kind: question.kind,
    ...(question.paths ? { locations: question.paths.map((path) => ({ path })) } : {}),
    ...(question.rawInput ? { rawInput: question.rawInput } : {}),
  };
}

/** How a permission request ended, from the scenario's point of view. */
export type PermissionOutcome =
  | { kind: 'selected'; option: PermissionChoice }
  /** The client answered `cancelled`: the user dismissed it, or pressed Stop (the client answers so first). */
  | { kind: 'cancelled' }
  /** The turn was cancelled before the client answered, and the agent stopped waiting (v2). */
  | { kind: 'turn-cancelled' }
  /** The client answered with a JSON-RPC error or an option it was not offered, or the connection failed. */
  | { kind: 'error'; code: number; message: string };

/** One plan step as the scenarios send it (both versions require `priority` and `status`). */
export interface PlanStep {
  content: string;
  priority: 'high' | 'medium' | 'low';
  status: 'pending' | 'in_progress' | 'completed';
}

/** Options for {@link TurnHost.say}. */
export interface SayOptions {
  /**
   * Send the paragraph even though the turn was cancelled (ACP lets an agent report what happened until it
   * ends the turn). By default a cancelled turn says nothing more.
   */
  evenIfCancelled?: boolean;
}

/** Stop reasons a demo turn can end with. */
export type DemoStopReason = 'end_turn' | 'cancelled';

/** What a scenario can do during one prompt turn. Implemented once per protocol version. */
export interface TurnHost {
  readonly protocol: ProtocolVersion;
  readonly sessionId: string;
  /** JSON-RPC id of the client's `session/prompt` request, pending while the scenario runs. */
  readonly promptRequestId: JsonRpcId;
  readonly modes: ElicitationModes;
  /** Aborted when the turn is cancelled (`session/cancel`, `session/close`, connection closed). */
  readonly cancelled: AbortSignal;
  /** Streams one paragraph of agent text. Does nothing once the turn is cancelled (unless told otherwise). */
  say(text: string, options?: SayOptions): Promise<void>;
  /** Streams one thought (`agent_thought_chunk`s of a new message). Does nothing once the turn is cancelled. */
  think(text: string): Promise<void>;
  /** Sends the turn's plan, whole (v1 `plan`, v2 `plan_update` with `type: "items"`); each call replaces it. */
  updatePlan(steps: PlanStep[]): Promise<void>;
  /** Reports a new tool call with status `in_progress` (kind `other` unless `details` says otherwise). */
  startToolCall(toolCallId: string, title: string, details?: ToolCallDetails): Promise<void>;
  /** Reports a tool call's final status. */
  endToolCall(toolCallId: string, status: ToolCallEnd): Promise<void>;
  /** Sends one form `elicitation/create` and waits for its outcome. Never rejects. */
  askForm(question: FormQuestion): Promise<ElicitOutcome>;
  /** Sends one URL-mode `elicitation/create` and waits for the client's answer (not the page). Never rejects. */
  askUrl(question: UrlQuestion): Promise<ElicitOutcome>;
  /**
   * Sends `session/request_permission` for a tool call and waits for the answer. Never rejects. v1 waits for
   * the client's answer even after `session/cancel` (v1 has the client answer `cancelled` then); v2 stops
   * waiting on `session/cancel` (`turn-cancelled`), as the SDK advises v2 agents.
   */
  askPermission(question: PermissionQuestion): Promise<PermissionOutcome>;
  /** Sends `elicitation/complete` for a URL question, in order with the turn's other messages. */
  completeElicitation(elicitationId: string): Promise<void>;
  /** The loopback sign-in pages and this connection's sign-in state. */
  readonly services: DemoServices;
  /** The session's modes, options and MCP servers. */
  readonly setup: DemoSetup;
  /**
   * Shows a display terminal (v2 `terminal_update` / `terminal_output_chunk`): the command, its output in
   * chunks, its exit code. Undefined in v1, whose terminals the client runs (not advertised by Switchboard).
   */
  showTerminal?(terminalId: string, command: string, chunks: string[], exitCode: number): Promise<void>;
}
