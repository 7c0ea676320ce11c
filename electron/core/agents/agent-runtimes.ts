/**
 * The configured agents and what each runs now: the one registry the feature services share (through the core
 * context). It holds the config as edited in the app; its runtimes follow the config's order.
 */
import type { BridgeEvent } from '../../../shared/bridge';
import type { AgentSettingsView, AgentView } from '../../../shared/views/agents';
import type { ElicitationMode } from '../acp/agent-connection';
import type { RemoteConnection } from '../acp/worker/connection-proxy';
import type { OutputBeforeReady } from '../acp/worker/output-before-ready';
import type { AgentConfig, AgentsConfig } from '../config/config';
import { RestartPolicy } from './restart-policy';
import type { RunningAgent } from './running-agent';

/** One configured agent: its config, the view the renderer draws, and its current process and connection. */
export interface AgentRuntime {
  config: AgentConfig;
  view: AgentView;
  process?: RunningAgent;
  /** The ACP connection, running in a worker of its own (acp/worker/). */
  connection?: RemoteConnection;
  connectionId?: string;
  /** Aborts the pending sign-in, if any (the user pressed Cancel). */
  signIn?: AbortController;
  /** The user declined or cancelled the pending sign-in's own request: its failure is their choice, not an error. */
  signInRefusedByUser?: boolean;
  /** A restart in progress; a second one waits for it. */
  restarting?: Promise<void>;
  /** Automatic restarts after crashes (backoff, then give up). */
  readonly restartPolicy: RestartPolicy;
  /** The pending automatic restart, if any. */
  restartTimer?: NodeJS.Timeout;
  /**
   * Settles when the current handshake has (either way); then {@link printedBeforeExit} holds what the agent
   * printed instead of an ACP message, if it failed (unredacted, never logged), so an exit before the handshake
   * is told with it.
   */
  handshake?: Promise<void>;
  printedBeforeExit?: string;
  /**
   * Main's own reading of what the current process printed before the handshake that is not an ACP message:
   * it does not wait for the connection worker to boot, so an exit before the handshake is quoted even when
   * the worker is slow (a loaded machine).
   */
  earlyOutput?: OutputBeforeReady;
}

/** The configured agents by id, in config order, with the config they follow. */
export class AgentRuntimes {
  private readonly byId = new Map<string, AgentRuntime>();
  private current: AgentsConfig;

  /**
   * @param config the config at start (copied); `modes` are advertised to every agent (spec E-CAP-1, E-CAP-2);
   * `emit` carries each changed agent view out.
   */
  constructor(
    config: AgentsConfig,
    private readonly modes: readonly ElicitationMode[],
    private readonly emit: (event: BridgeEvent) => void,
  ) {
    this.current = structuredClone(config);
    for (const agent of this.current.agents) this.byId.set(agent.id, this.newRuntime(agent));
  }

  /** The config as edited in the app. */
  get config(): AgentsConfig {
    return this.current;
  }

  get(agentId: string): AgentRuntime | undefined {
    return this.byId.get(agentId);
  }

  /** @throws Error "There is no such agent." */
  require(agentId: string): AgentRuntime {
    const runtime = this.byId.get(agentId);
    if (!runtime) throw new Error('There is no such agent.');
    return runtime;
  }

  has(agentId: string): boolean {
    return this.byId.has(agentId);
  }

  all(): AgentRuntime[] {
    return [...this.byId.values()];
  }

  /** The agent's configured name, for sentences; "The agent" if it is gone. */
  name(agentId: string): string {
    return this.byId.get(agentId)?.config.name ?? 'The agent';
  }

  /**
   * Every value the user configured that may be secret: each agent's env values and each MCP server's env and
   * header values (an API key often sits in an `Authorization` header). Every log line, and every agent text shown
   * to the user, is redacted against them (spec E-PRIV-1).
   */
  secretValues(): string[] {
    const agentEnv = this.all().flatMap((r) => Object.values(r.config.env ?? {}));
    const mcp = (this.current.mcpServers ?? []).flatMap((server) => Object.values(server.type === 'stdio' ? server.env : server.headers));
    return [...agentEnv, ...mcp];
  }

  /** Changes an agent's view and tells the renderer. */
  setView(runtime: AgentRuntime, patch: Partial<AgentView>): void {
    runtime.view = { ...runtime.view, ...patch };
    this.emit({ type: 'agent', agent: runtime.view });
  }

  /**
   * Makes `next` the config: new runtimes for new agents, the registry in config order, removed ones dropped
   * (their processes are the caller's to stop). Views follow the edited fields.
   */
  replaceConfig(next: AgentsConfig): void {
    this.current = next;
    const runtimes = new Map<string, AgentRuntime>();
    for (const config of next.agents) {
      const runtime = this.byId.get(config.id) ?? this.newRuntime(config);
      runtime.config = config;
      runtime.view = {
        ...runtime.view,
        name: config.name,
        settings: settingsOf(config),
        enabled: config.enabled !== false,
        muted: config.muted === true,
        mcpServers: config.mcpServers ?? [],
        recentFolders: config.remembered?.recentFolders ?? [],
      };
      runtimes.set(config.id, runtime);
    }
    this.byId.clear();
    for (const [id, runtime] of runtimes) this.byId.set(id, runtime);
  }

  private newRuntime(config: AgentConfig): AgentRuntime {
    return {
      config,
      restartPolicy: new RestartPolicy(),
      view: {
        agentId: config.id,
        name: config.name,
        settings: settingsOf(config),
        enabled: config.enabled !== false,
        muted: config.muted === true,
        status: config.enabled === false ? { kind: 'disabled' } : { kind: 'starting' },
        advertisedModes: [...this.modes],
        authMethods: [],
        mcpServers: config.mcpServers ?? [],
        recentFolders: config.remembered?.recentFolders ?? [],
      },
    };
  }
}

/** How an agent is started, for the editor. */
function settingsOf(config: AgentConfig): AgentSettingsView {
  return {
    args: config.args,
    env: config.env,
    ...(config.command ? { command: config.command } : {}),
    ...(config.cwd ? { cwd: config.cwd } : {}),
    ...(config.builtin ? { builtin: config.builtin } : {}),
  };
}
