/**
 * View types of a live ACP session: its modes, config options, slash commands, usage and foreground state.
 */
import type { TranscriptEntry } from './transcript';

/** One session mode the agent offers (v1 `modes.availableModes`). */
export interface SessionModeView {
  id: string;
  name: string;
  description?: string;
}

/** One value of a select config option; `group` names its group when the agent groups them. */
export interface ConfigValueView {
  value: string;
  name: string;
  description?: string;
  group?: string;
}

/** One session config option (ACP `SessionConfigOption`), e.g. the model picker. */
export type ConfigOptionView = {
  configId: string;
  name: string;
  description?: string;
  /** ACP's `mode`, `model`, `model_config`, `thought_level`, or the agent's own. */
  category?: string;
} & ({ type: 'select'; currentValue: string; options: ConfigValueView[] } | { type: 'boolean'; currentValue: boolean });

/** A slash command the agent offers (`available_commands_update`). */
export interface CommandView {
  name: string;
  description: string;
  /** What to type after the command, when it takes input. */
  hint?: string;
}

/** Context window use and cost, as the agent last reported it (`usage_update`). */
export interface UsageView {
  /** Tokens in context now. */
  used: number;
  /** Context window size in tokens. */
  size: number;
  cost?: { amount: number; currency: string };
}

/**
 * A session's foreground state (spec E-STATE-1): from the agent's own `state_update` in v2; in v1
 * derived from what the client can see, and marked `derived` so the UI can say so. An unknown v2 state
 * shows as `busy`, never as idle.
 */
export type ForegroundView =
  | { state: 'idle'; derived: boolean; stopReason?: string }
  | { state: 'running'; derived: boolean }
  | { state: 'requires_action'; derived: boolean }
  | { state: 'busy'; derived: false; reported: string };

/** One ACP session of one agent. */
export interface SessionView {
  /** Opaque key minted by the hub; commands address the session with it. */
  sessionKey: string;
  agentId: string;
  /** The agent's `sessionId`, for display only. */
  sessionId: string;
  cwd: string;
  title?: string;
  /** True while a `session/prompt` is in flight (the Stop button is enabled). */
  promptInFlight: boolean;
  /** `stopReason` of the last finished prompt turn (`end_turn`, `cancelled`, …). */
  lastStopReason?: string;
  transcript: TranscriptEntry[];
  /** The agent's slash commands, from `session/new` (v2) and `available_commands_update`. */
  suggestions: CommandView[];
  /** v1 session modes, when the agent offers them. */
  modes?: { currentModeId: string; available: SessionModeView[] };
  /** Config options (model, effort, v2 mode…) with their current values. */
  configOptions?: ConfigOptionView[];
  usage?: UsageView;
  /** The MCP servers sent in `session/new`, and those left out with the reason. */
  mcp?: { sent: string[]; skipped: Array<{ name: string; reason: string }> };
  /** running / idle / waiting for you (spec E-STATE-1, E-STATE-2). */
  foreground: ForegroundView;
  /** This session's record in Switchboard's history. */
  historyId?: string;
  /** How this live session began: new, resumed or loaded from the agent, or continued from an ended one. */
  origin?: 'new' | 'resumed' | 'loaded' | 'continued';
  /**
   * Set once the agent connection that served this session has ended (a restart, a crash, a stop): the session
   * can take no more prompts; it stays readable, and can be resumed from History or replaced by a new one.
   */
  ended?: true;
}
