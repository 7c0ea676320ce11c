/**
 * Protocol-neutral pieces of the demo agent: what a scenario can do during a prompt turn ({@link TurnHost}),
 * how an elicitation ended ({@link ElicitOutcome}), the advertised elicitation modes, and the per-session
 * bookkeeping (one turn at a time, cancellation).
 */
import { randomUUID } from 'node:crypto';
import { RequestError, type JsonRpcId } from '@agentclientprotocol/sdk';
import type { FormSchema } from './schemas';
import type { DemoServices } from './signin';
import { log, type ProtocolVersion } from './info';
import { newSetup, type DemoSetup } from './setup';
import { DemoSessionFile, remember, type DemoMessage, type StoredDemoSession } from './session-file';

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

/** Sessions per `session/list` page (small, so paging can be seen with a few sessions). */
export const LIST_PAGE = 20;

/** One turn's handle, owned by the prompt handler that started it. */
export interface TurnSlot {
  /** Aborted by `session/cancel` or `session/close`. */
  signal: AbortSignal;
  /** Frees the session for the next prompt. Call exactly once. */
  end(): void;
}

/** One session the demo agent created. Prompts run one at a time; later ones wait (are "held"). */
export class DemoSession {
  readonly createdAt = new Date();
  updatedAt = new Date();
  title?: string;
  /** How the last turn ended: a v2 resume's idle snapshot carries it, as real agents' aggregate snapshots do. */
  lastStopReason?: DemoStopReason;
  /** What was said, for `session/load` and a v2 resume with `replayFrom` (bounded, see session-file.ts). */
  messages: DemoMessage[] = [];
  /** Created or changed by this process: only such sessions are written (another process owns the rest). */
  touched = true;
  private tail: Promise<void> = Promise.resolve();
  private current?: AbortController;
  private readonly held = new Set<AbortController>();

  /** Modes, options and MCP servers of this session. */
  readonly setup: DemoSetup;

  constructor(
    readonly sessionId: string,
    readonly cwd: string,
    mcpServers: ReadonlyArray<unknown> = [],
  ) {
    this.setup = newSetup(mcpServers);
  }

  /** True while a turn is running (not merely held). */
  get busy(): boolean {
    return this.current !== undefined;
  }

  /**
   * Waits until earlier turns have ended, then claims the session. Resolves `undefined` when the prompt was
   * cancelled while it waited.
   */
  async beginTurn(): Promise<TurnSlot | undefined> {
    const controller = new AbortController();
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    this.held.add(controller);
    await previous;
    this.held.delete(controller);
    if (controller.signal.aborted) {
      release();
      return undefined;
    }
    this.current = controller;
    this.updatedAt = new Date();
    let ended = false;
    return {
      signal: controller.signal,
      end: () => {
        if (ended) return;
        ended = true;
        if (this.current === controller) this.current = undefined;
        this.updatedAt = new Date();
        release();
      },
    };
  }

  /** Remembers a message; the first prompt becomes the session's title. Returns true when the title was set. */
  remember(role: DemoMessage['role'], text: string): boolean {
    remember(this.messages, role, text);
    this.touched = true;
    this.updatedAt = new Date();
    if (role !== 'user' || this.title) return false;
    const line = text.trim().split('\n')[0];
    this.title = line.length > 60 ? `${line.slice(0, 59)}…` : line;
    return Boolean(this.title);
  }

  /** Cancels the running turn and every held prompt. Prompts sent afterwards are not affected. */
  cancel(reason: string): void {
    const error = RequestError.requestCancelled(undefined, reason);
    this.current?.abort(error);
    for (const controller of this.held) controller.abort(error);
  }
}

/**
 * Every session the demo agent knows: those of this (single, stdio) connection and, when the host gave it
 * a folder, those of earlier runs (session-file.ts), which can be listed, loaded, resumed and deleted.
 */
export class SessionRegistry {
  private readonly sessions = new Map<string, DemoSession>();

  /** Sessions this process deleted, so a save does not bring them back from the shared file. */
  private readonly deleted = new Set<string>();

  constructor(private readonly file = new DemoSessionFile()) {
    this.refresh();
  }

  /** Adds the file's sessions this process does not hold yet (another demo agent on the same folder made them). */
  private refresh(): void {
    for (const stored of this.file.load()) {
      if (this.sessions.has(stored.sessionId) || this.deleted.has(stored.sessionId)) continue;
      const session = new DemoSession(stored.sessionId, stored.cwd);
      session.title = stored.title;
      session.messages = stored.messages;
      session.touched = false;
      const updatedAt = new Date(stored.updatedAt);
      if (!Number.isNaN(updatedAt.getTime())) session.updatedAt = updatedAt;
      this.sessions.set(session.sessionId, session);
    }
  }

  /** Writes every session to the file (after a turn, a new session, a delete). */
  persist(): void {
    const stored: StoredDemoSession[] = this.list().filter((s) => s.touched).map((s) => ({
      sessionId: s.sessionId,
      cwd: s.cwd,
      ...(s.title ? { title: s.title } : {}),
      updatedAt: s.updatedAt.toISOString(),
      messages: s.messages,
    }));
    this.file.save(stored, this.deleted);
  }

  /** Deletes a session for good (`session/delete`, either version). @throws RequestError -32002 for an unknown one. */
  delete(sessionId: string): void {
    if (!this.get(sessionId) || !this.remove(sessionId)) throw RequestError.resourceNotFound(sessionId);
    this.deleted.add(sessionId);
    this.persist();
    log(`session/delete ${sessionId}`);
  }

  /** Registers a new session. */
  add(session: DemoSession): void {
    this.sessions.set(session.sessionId, session);
  }

  /**
   * Handles `session/new` for either protocol version: registers a session in `cwd` and, once the response
   * is on its way, announces the scenarios as commands through `announce` (so the client already knows
   * the session id when the update arrives).
   */
  open(cwd: string, announce: (sessionId: string) => Promise<void>, mcpServers: ReadonlyArray<unknown> = []): DemoSession {
    const session = new DemoSession(randomUUID(), cwd, mcpServers);
    this.add(session);
    this.persist();
    log(`session/new ${session.sessionId}`);
    setImmediate(() => {
      announce(session.sessionId).catch((error: unknown) => log(`available_commands_update failed: ${String(error)}`));
    });
    return session;
  }

  /** The session with this id, or a -32602 "unknown session" error. */
  require(sessionId: string): DemoSession {
    const session = this.sessions.get(sessionId);
    if (!session) throw RequestError.invalidParams({ sessionId }, `unknown session ${sessionId}`);
    return session;
  }

  /** The session with this id, if any (read from the file when another process made it). */
  get(sessionId: string): DemoSession | undefined {
    if (!this.sessions.has(sessionId)) this.refresh();
    return this.sessions.get(sessionId);
  }

  /** Cancels and forgets a session; returns whether it existed. */
  remove(sessionId: string): boolean {
    const session = this.sessions.get(sessionId);
    if (!session) return false;
    session.cancel('session closed');
    this.sessions.delete(sessionId);
    return true;
  }

  /** Every session, oldest first. */
  list(): DemoSession[] {
    return [...this.sessions.values()];
  }

  /** Ends a session's running turn (`session/close`); it stays listed and can be resumed. Returns whether it exists. */
  close(sessionId: string): boolean {
    const session = this.sessions.get(sessionId);
    session?.cancel('session closed');
    return session !== undefined;
  }

  /**
   * One page of `session/list`, newest first: {@link LIST_PAGE} sessions from the opaque `cursor` (an offset
   * here), with `nextCursor` while more remain. Only sessions in `cwd` when it is given.
   */
  page(cwd: string | null | undefined, cursor: string | null | undefined) {
    this.refresh();
    const all = this.list()
      .filter((session) => !cwd || session.cwd === cwd)
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
    const start = cursor && /^\d+$/.test(cursor) ? Number(cursor) : 0;
    const sessions = all.slice(start, start + LIST_PAGE).map((session) => ({
      sessionId: session.sessionId,
      cwd: session.cwd,
      ...(session.title ? { title: session.title } : {}),
      updatedAt: session.updatedAt.toISOString(),
    }));
    return { sessions, ...(start + LIST_PAGE < all.length ? { nextCursor: String(start + LIST_PAGE) } : {}) };
  }

  /** Cancels every running or held turn (the connection is going away). */
  cancelAll(reason: string): void {
    for (const session of this.sessions.values()) session.cancel(reason);
  }
}

/** Joins the text blocks of a prompt (other block kinds are ignored). */
export function promptText(prompt: ReadonlyArray<unknown>): string {
  const parts: string[] = [];
  for (const block of prompt) {
    if (typeof block !== 'object' || block === null) continue;
    const { type, text } = block as { type?: unknown; text?: unknown };
    if (type === 'text' && typeof text === 'string') parts.push(text);
  }
  return parts.join('\n');
}

/** Resolves after `ms` milliseconds, or at once when `signal` aborts. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Splits text into small chunks (a few words each, whitespace kept) so it streams visibly. */
export function chunkText(text: string, wordsPerChunk = 4): string[] {
  const tokens = text.match(/\S+\s*/g);
  if (!tokens) return text ? [text] : [];
  const leading = text.match(/^\s*/)?.[0] ?? '';
  const chunks: string[] = [];
  for (let i = 0; i < tokens.length; i += wordsPerChunk) {
    chunks.push(tokens.slice(i, i + wordsPerChunk).join(''));
  }
  if (leading) chunks[0] = leading + chunks[0];
  return chunks;
}
