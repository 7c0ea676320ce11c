/**
 * The state the core's feature services share (architecture rule 3): the agents registry, the live sessions, the
 * elicitation broker, the way out for events and log lines, and the host's options. A service keeps its own
 * state private and reaches another's only through what it was handed at construction.
 */
import type { BridgeEvent } from '../../shared/bridge';
import type { ElicitationMode } from './acp/agent-connection';
import type { AgentRuntimes } from './agents/agent-runtimes';
import type { DomainEvents } from './domain-events';
import type { ElicitationBroker } from './elicitation/broker';
import type { HubOptions } from './hub-options';
import type { SessionRegistry } from './sessions/session-registry';

export interface CoreContext {
  /** What the host passed (config at start, built-in agents, openers, pickers, sinks). */
  readonly options: HubOptions;
  /** The configured agents, their runtimes and the config as edited. */
  readonly agents: AgentRuntimes;
  /** The live sessions, by key and by (connection, sessionId). */
  readonly sessions: SessionRegistry;
  /** The elicitation and permission queue (elicitation/broker.ts). */
  readonly broker: ElicitationBroker;
  /** Modes advertised to every agent: only what can be honoured now (spec E-CAP-1, E-CAP-2). */
  readonly modes: readonly ElicitationMode[];
  /** Sends an event to the renderer, batched (architecture rule 6). */
  emit(event: BridgeEvent): void;
  /** What happens to sessions and requests, published by their services; the history records from it. */
  readonly domain: DomainEvents;
  /** Delivers the events batched so far now, so they arrive before a command's result. */
  flush(): void;
  /** The one way out to the log sink: redacted against every agent's env values, token shapes and URLs (spec E-PRIV-1). */
  log(line: string): void;
  /** True once the hub began to stop: nothing new starts and exits are not told. */
  isStopping(): boolean;
}
