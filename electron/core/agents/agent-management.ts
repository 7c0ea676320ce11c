/**
 * Editing the agents config from the app: add, change, reorder, turn on or off, remove agents, the MCP servers
 * they may use, and what is remembered for each (mode, options, recent folders). Each edit is saved first, then
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
  /** The last change to remembered choices; the next waits for it. */
  private remembering: Promise<void> = Promise.resolve();

  /** @param snapshot the whole state, sent after an edit since agents appeared, vanished or moved. */
  constructor(
    private readonly ctx: CoreContext,
    private readonly lifecycle: AgentLifecycle,
    private readonly snapshot: () => Snapshot,
  ) {}

  /** Adds or changes an agent, saves the config, and (re)starts or stops its process to match. */
  async saveAgent(input: AgentInput): Promise<{ agentId: string }> {
    const { agents } = this.ctx;
    // What the editor does not edit survives a save: remembered choices, and the MCP servers when not sent.
    const existing = input.agentId ? agents.get(input.agentId)?.config : undefined;
    const kept: AgentInput = {
      ...input,
      mcpServers: input.mcpServers ?? existing?.mcpServers,
      remembered: input.remembered ?? existing?.remembered,
    };
    const { config, agentId } = upsertAgent(agents.config, kept);
    const before = agents.get(agentId)?.config;
    await this.editConfig(config);
    const runtime = agents.get(agentId)!;
    const after = runtime.config;
    const launchChanged = !before || JSON.stringify(launchFields(before)) !== JSON.stringify(launchFields(after));
    const enabled = after.enabled !== false;
    if (!enabled) {
      if (runtime.view.status.kind !== 'disabled') {
        await this.lifecycle.shutdown(runtime);
        agents.setView(runtime, { status: { kind: 'disabled' } });
      }
    } else if (launchChanged || runtime.view.status.kind === 'disabled') {
      await this.lifecycle.shutdown(runtime);
      runtime.restartPolicy.reset();
      void this.lifecycle.launch(runtime);
    }
    return { agentId };
  }

  /** Turns an agent on or off, or mutes it, keeping the rest of its config. */
  async setAgentFlags(agentId: string, flags: { enabled?: boolean; muted?: boolean }): Promise<void> {
    const current = this.ctx.agents.require(agentId).config;
    await this.saveAgent({ ...current, agentId: current.id, enabled: flags.enabled ?? current.enabled, muted: flags.muted ?? current.muted });
  }

  /** Removes the agent from the config, then stops it. @throws Error "There is no such agent." */
  async removeAgent(agentId: string): Promise<void> {
    const runtime = this.ctx.agents.require(agentId);
    await this.editConfig(removeAgent(this.ctx.agents.config, agentId));
    await this.lifecycle.shutdown(runtime);
  }

  /** Moves the agent to `toIndex` in the list. */
  async moveAgent(agentId: string, toIndex: number): Promise<void> {
    await this.editConfig(moveAgent(this.ctx.agents.config, agentId, toIndex));
  }

  /** Replaces the MCP servers; servers that are gone are dropped from every agent's choice, so the config stays valid. */
  async saveMcpServers(servers: CommandInput<'saveMcpServers'>['servers']): Promise<void> {
    const config = this.ctx.agents.config;
    const names = new Set(servers.map((s) => s.name));
    const agents = config.agents.map((a) => (a.mcpServers ? { ...a, mcpServers: a.mcpServers.filter((n) => names.has(n)) } : a));
    await this.editConfig(parseAgentsConfig({ ...config, agents, mcpServers: servers }));
  }

  /** Saves a change to what is remembered for an agent; a failed save is logged, never shown as the user's error. */
  remember(agentId: string, change: (memory: AgentMemory) => AgentMemory): Promise<void> {
    // One at a time: each change starts from the config the previous one saved.
    const next = this.remembering.then(async () => {
      if (!this.ctx.agents.has(agentId)) return;
      const config = this.ctx.agents.config;
      const agents = config.agents.map((a) => (a.id === agentId ? { ...a, remembered: change(a.remembered ?? {}) } : a));
      try {
        await this.editConfig(parseAgentsConfig({ ...config, agents }));
      } catch (error) {
        this.ctx.log(`agent ${agentId}: could not save remembered choices: ${(error as Error).message}`);
      }
    });
    this.remembering = next;
    return next;
  }

  /**
   * Makes `next` the config: saves it first (a failed save changes nothing), then brings the agents registry
   * in line and sends the renderer a fresh snapshot, since agents appeared, vanished or moved.
   */
  private async editConfig(next: AgentsConfig): Promise<void> {
    await this.ctx.options.configStore?.save(next);
    this.ctx.agents.replaceConfig(next);
    this.ctx.emit({ type: 'snapshot', snapshot: this.snapshot() });
  }
}

/** The fields whose change needs a new process. */
function launchFields(config: AgentConfig) {
  return [config.command, config.args, config.env, config.cwd, config.builtin];
}
