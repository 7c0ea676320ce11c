/**
 * View types of the configured agents: their status, how they are started, what they reported at `initialize`,
 * and the MCP servers they get. Main derives them; the sidebar and the agent editor draw them.
 */

/**
 * What comes with a status that says the agent stopped, so the user sees why without opening its log.
 */
export interface StoppedDetail {
  /**
   * The last lines the agent wrote to its error output, oldest first: at most `STDERR_TAIL_LINES` lines of
   * `STDERR_TAIL_LINE_CHARS` characters (electron/core/agents/stderr-tail.ts), each redacted like a log line
   * (env values, key shapes, URL paths; spec E-PRIV-1). Absent when it wrote nothing.
   */
  stderrTail?: string[];
  /**
   * The setting to check in the agent editor: the command (not found, not executable), the working folder, or
   * the command and its arguments as a whole (`protocol`: it ran, but did not speak ACP at the handshake).
   */
  fix?: 'command' | 'folder' | 'protocol';
}

/** Lifecycle of one configured agent process, as the sidebar shows it. */
export type AgentStatus =
  | { kind: 'starting' }
  | { kind: 'ready' }
  /** The process ended. `code`/`signal` as Node reports them; `message` is a plain sentence for the user. */
  | ({ kind: 'exited'; code: number | null; signal: string | null; message: string } & StoppedDetail)
  /** The agent could not be started or did not complete `initialize`; `message` says why in plain words. */
  | ({ kind: 'failed'; message: string } & StoppedDetail)
  /**
   * The process ended unexpectedly. `restartAt` (ms since the epoch) when an automatic restart is
   * scheduled; absent once it crashed too often and waits for the user's Restart.
   */
  | ({ kind: 'crashed'; code: number | null; signal: string | null; message: string; restartAt?: number } & StoppedDetail)
  /** Turned off by the user: kept in the config, not running. */
  | { kind: 'disabled' };

/** Name and version the agent reported at `initialize` (`agentInfo` in v1, `info` in v2). */
export interface AgentInfoView {
  name: string;
  title?: string;
  version?: string;
}

/** How an agent is started, as the agent editor shows and edits it. */
export interface AgentSettingsView {
  command?: string;
  args: string[];
  /** Environment variables as the user typed them (shown masked by the editor; never logged). */
  env: Record<string, string>;
  cwd?: string;
  builtin?: 'demo';
}

/** One MCP server as the editor shows and edits it (values of `env` and `headers` are masked on screen). */
export type McpServerView =
  | { name: string; type: 'stdio'; command: string; args: string[]; env: Record<string, string> }
  | { name: string; type: 'http' | 'sse'; url: string; headers: Record<string, string> };

/**
 * What the agent said at `initialize` that decides what Switchboard offers it (v1 `agentCapabilities`,
 * v2 `capabilities.session`): the MCP transports it takes, and the prompt content beyond text and links.
 */
export interface AgentCapabilitiesView {
  mcp: { stdio: boolean; http: boolean; sse: boolean };
  prompt: { image: boolean; audio: boolean; embeddedContext: boolean };
}

/** One configured agent (spec E-REQ-7: the configured name plus what the agent says it is). */
export interface AgentView {
  agentId: string;
  name: string;
  settings: AgentSettingsView;
  enabled: boolean;
  /** No OS notification for this agent's requests. */
  muted: boolean;
  status: AgentStatus;
  /** ACP protocol version negotiated on the current connection (spec E-VER), once ready. */
  protocolVersion?: number;
  agentInfo?: AgentInfoView;
  /** Elicitation modes advertised to this agent at `initialize` (spec E-CAP-1, E-CAP-2). */
  advertisedModes: Array<'form' | 'url'>;
  /**
   * Sign-in methods the agent offered at `initialize`. A terminal method has `terminalCommand`: the
   * command line the user runs in a terminal to sign in (Switchboard does not run terminals itself).
   */
  authMethods: Array<{ methodId: string; name: string; description?: string; terminalCommand?: string }>;
  /** A sign-in in progress (its request-scoped elicitations are labelled "while signing in", E-REQ-3). */
  signingIn?: { methodId: string };
  /**
   * The method the user signed in with on this connection: ACP `authenticate` answered with a result (not an
   * error), which is all the protocol says about success. Cleared when the agent restarts, or when it turns a
   * New session down asking for sign-in again.
   */
  signedIn?: { methodId: string };
  /** Names of the MCP servers this agent gets in each session. */
  mcpServers?: string[];
  /** From the current connection's `initialize`, once ready. */
  capabilities?: AgentCapabilitiesView;
  /** Working folders used with this agent, most recent first. */
  recentFolders?: string[];
}
