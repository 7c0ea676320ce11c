/**
 * Editing the agents config from the app: add, change, reorder, turn on or off, remove agents, the MCP servers
 * they may use, and what is remembered for each (mode, options, recent folders). Edits run one at a time, each from
 * the config the previous one saved. Each edit is saved first, then
 * the agents' processes follow it.
 */
import type { CommandInput, Snapshot } from '../../../shared/bridge';
import { parseAgentsConfig, type AgentConfig, type AgentsConfig } from '../config/config';
import { moveAgent, removeAgent, upsertAgent, type AgentInput } from '../config/config-edit';
import type { CoreContext } from '../core-context';
import type { AgentRuntime } from './agent-runtimes';

/** What is remembered for one agent (its `remembered` config field). */
export type AgentMemory = NonNullable<AgentConfig['remembered']>;

/** The supervisor's part in an edit: stop an agent, start it again. */
export interface AgentLifecycle {
  launch(runtime: AgentRuntime): Promise<void>;
  shutdown(runtime: AgentRuntime): Promise<void>;
}

/** The config-editing commands, and the remembered choices sessions save. */
export class AgentManagement {
  /**
   * The last config edit. Every edit waits for it and starts from the config it saved, so two edits at once (two
   * agents muted together, an agent added during another save) both land, in memory and on disk.
   */
  private edits: Promise<unknown> = Promise.resolve();

  /** @param snapshot the whole state, sent after an edit since agents appeared, vanished or moved. */
  constructor(
    private readonly ctx: CoreContext,
    private readonly lifecycle: AgentLifecycle,
    private readonly snapshot: () => Snapshot,
  ) {}

  /** Adds or changes an agent, saves the config, and (re)starts or stops its process to match. */
  saveAgent(input: AgentInput): Promise<{ agentId: string }> {
    // What the editor does not edit survives a save: remembered choices, and the MCP servers when not sent.
    return this.saveAgentFrom((existing) => ({
      ...input,
      mcpServers: input.mcpServers ?? existing?.mcpServers,
      remembered: input.remembered ?? existing?.remembered,
    }), input.agentId);
  }

  /** Turns an agent on or off, or mutes it, keeping the rest of its config as the previous edit left it. */
  async setAgentFlags(agentId: string, flags: { enabled?: boolean; muted?: boolean }): Promise<void> {
    this.ctx.agents.require(agentId);
    await this.saveAgentFrom((current) => {
      if (!current) throw new Error('There is no such agent.');
      return { ...current, agentId: current.id, enabled: flags.enabled ?? current.enabled, muted: flags.muted ?? current.muted };
    }, agentId);
  }

  /** Removes the agent from the config, then stops it. @throws Error "There is no such agent." */
  async removeAgent(agentId: string): Promise<void> {
    this.ctx.agents.require(agentId);
    await this.edit((config) => ({ config: removeAgent(config, agentId), result: undefined }));
  }

  /** Moves the agent to `toIndex` in the list. */
  async moveAgent(agentId: string, toIndex: number): Promise<void> {
    await this.edit((config) => ({ config: moveAgent(config, agentId, toIndex), result: undefined }));
  }

  /** Replaces the MCP servers; servers that are gone are dropped from every agent's choice, so the config stays valid. */
  async saveMcpServers(servers: CommandInput<'saveMcpServers'>['servers']): Promise<void> {
    const names = new Set(servers.map((s) => s.name));
    await this.edit((config) => {
      const agents = config.agents.map((a) => (a.mcpServers ? { ...a, mcpServers: a.mcpServers.filter((n) => names.has(n)) } : a));
      return { config: parseAgentsConfig({ ...config, agents, mcpServers: servers }), result: undefined };
    });
  }

  /** Saves a change to what is remembered for an agent; a failed save is logged, never shown as the user's error. */
  async remember(agentId: string, change: (memory: AgentMemory) => AgentMemory): Promise<void> {
    if (!this.ctx.agents.has(agentId)) return;
    try {
      await this.edit((config) => {
        const agents = config.agents.map((a) => (a.id === agentId ? { ...a, remembered: change(a.remembered ?? {}) } : a));
        return { config: parseAgentsConfig({ ...config, agents }), result: undefined };
      });
    } catch (error) {
      this.ctx.log(`agent ${agentId}: could not save remembered choices: ${(error as Error).message}`);
    }
  }

  /**
   * Saves the agent `make` builds from its config as the previous edit left it (undefined for a new agent), then
   * starts, restarts or stops its process to match.
   */
  private async saveAgentFrom(make: (current: AgentConfig | undefined) => AgentInput, agentId: string | undefined): Promise<{ agentId: string }> {
    const { agents } = this.ctx;
    const saved = await this.edit((config) => {
      const before = agentId === undefined ? undefined : config.agents.find((a) => a.id === agentId);
      const { config: next, agentId: id } = upsertAgent(config, make(before));
      return { config: next, result: { agentId: id, before } };
    });
    const runtime = agents.get(saved.agentId);
    if (!runtime) return { agentId: saved.agentId }; // removed by a later edit meanwhile
    const after = runtime.config;
    const launchChanged = !saved.before || JSON.stringify(launchFields(saved.before)) !== JSON.stringify(launchFields(after));
    if (after.enabled === false) {
      if (runtime.view.status.kind !== 'disabled') {
        await this.lifecycle.shutdown(runtime);
        agents.setView(runtime, { status: { kind: 'disabled' } });
      }
    } else if (launchChanged || runtime.view.status.kind === 'disabled') {
      await this.lifecycle.shutdown(runtime);
      runtime.restartPolicy.reset();
      void this.lifecycle.launch(runtime);
    }
    return { agentId: saved.agentId };
  }

  /**
   * Runs one edit in the queue: `compute` gets the config the previous edit saved and returns the next. The next is
   * saved first (a failed save changes nothing and the queue goes on), then becomes the registry's, and the
   * renderer gets a fresh snapshot, since agents appeared, vanished or moved. An agent the edit removed from the
   * config is stopped, outside the queue, before this resolves.
   * @throws whatever `compute` or the save throws.
   */
  private async edit<T>(compute: (config: AgentsConfig) => { config: AgentsConfig; result: T }): Promise<T> {
    const run = this.edits.then(async () => {
      const { config, result } = compute(this.ctx.agents.config);
      await this.ctx.options.configStore?.save(config);
      const kept = new Set(config.agents.map((a) => a.id));
      const removed = this.ctx.agents.all().filter((runtime) => !kept.has(runtime.config.id));
      this.ctx.agents.replaceConfig(config);
      this.ctx.emit({ type: 'snapshot', snapshot: this.snapshot() });
      return { result, removed };
    });
    this.edits = run.catch(() => undefined);
    const { result, removed } = await run;
    await Promise.all(removed.map((runtime) => this.lifecycle.shutdown(runtime)));
    return result;
  }
}

/** The fields whose change needs a new process. */
function launchFields(config: AgentConfig) {
  return [config.command, config.args, config.env, config.cwd, config.builtin];
}
