/**
 * What each protocol version's folder (v1/, v2/) gives the version-neutral facade (agent-connection.ts): the
 * rules that differ between versions for the requests we send, and a side that takes the agent's messages and
 * attaches that version's SDK client. A method a version lacks is an absent field, not an `if` in the facade.
 */
import type { AnyMessage, SendRequestOptions } from '@agentclientprotocol/sdk';
import type { McpServer } from '@agentclientprotocol/sdk';
import type { McpServer as McpServerV2 } from '@agentclientprotocol/sdk/experimental/v2';
import type { LabelOf } from './connection-callbacks';
import type { Negotiated, ProtocolVersion } from './handshake';

/**
 * Which session lifecycle methods the agent advertised at `initialize`. v1: `loadSession` and
 * `sessionCapabilities.{list,resume,close,delete}`; v2: `session/list`, `session/resume` (with
 * `replayFrom`, replacing `load`) and `session/close` are part of the protocol, `session/delete` is behind
 * `capabilities.session.delete`.
 */
export interface SessionLifecycle {
  list: boolean;
  load: boolean;
  resume: boolean;
  close: boolean;
  delete: boolean;
}

/** MCP servers in either version's wire shape (capabilities.ts `mcpServersFor`). */
export type WireMcpServers = ReadonlyArray<McpServer | McpServerV2>;

/** How one protocol version spells the requests the facade sends. Plain data and pure functions. */
export interface ProtocolRules {
  readonly version: ProtocolVersion;
  /** Method names of the requests whose name differs between versions. */
  readonly methods: {
    setConfigOption: string;
    list: string;
    /** v1 `session/load`. v2 has none (`session/resume` with `replayFrom` replaces it): callers check the lifecycle. */
    load: string;
    resume: string;
    close: string;
    delete: string;
    /** v1 `authenticate`, v2 `auth/login`. */
    authenticate: string;
  };
  /** v1 `session/set_mode`; absent in v2, whose modes are a config option (category `mode`). */
  readonly setModeMethod?: string;
  /** The agent's `agentInfo` (v1) or `info` (v2) object from the `initialize` result, unchecked. */
  agentInfoOf(initializeResult: Record<string, unknown>): unknown;
  /** The lifecycle methods the `initialize` result advertises. */
  sessionLifecycle(initializeResult: Record<string, unknown>): SessionLifecycle;
  /** A value id for `session/set_config_option`: `{value}` in v1, `{type: "id", value}` in v2. */
  configValue(value: string): Record<string, unknown>;
  /** What a `session/prompt` response tells: v1's ends the turn with its `stopReason`; v2's only acknowledges it. */
  promptResult(response: { stopReason?: string }): { stopReason?: string };
  /** `session/resume` params; v2 asks for a replay from the start when `replay`, v1 never replays. */
  resumeParams(sessionId: string, cwd: string, mcpServers: WireMcpServers, replay: boolean): Record<string, unknown>;
}

/** The surface both SDK client versions share for what we call. */
export interface AgentSide {
  request(method: string, params: unknown, options?: SendRequestOptions): Promise<unknown>;
  notify(method: string, params: unknown): Promise<void>;
}

/** One version's SDK client, attached to the negotiated stream. */
export interface AttachedClient {
  agent: AgentSide;
  /** Aborts when the connection closes. */
  signal: AbortSignal;
  close(error?: unknown): void;
}

/** One connection's handling of one version's messages, made before the version is known. */
export interface VersionSide {
  /**
   * Sees every message the agent sends on this version before the SDK does (the handshake's observer); true when it
   * took the message for itself, so the SDK never sees it.
   */
  take(message: AnyMessage): boolean;
  /** Attaches this version's SDK client with our handlers to the negotiated stream. */
  attach(negotiated: Negotiated, labelOf: LabelOf): AttachedClient;
}
