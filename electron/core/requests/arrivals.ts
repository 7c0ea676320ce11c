/**
 * Telling the user that requests wait for them: new requests from an agent are gathered briefly, then announced
 * once, to the window (`requestsArrived`) and to the host's attention sink (OS notification, dock badge).
 */
import type { BridgeEvent } from '../../../shared/bridge';
import type { QueueItemView } from '../../../shared/views/requests';

/** The host's side of "someone is waiting for you". */
export interface AttentionSink {
  /**
   * New requests from an agent that is not muted: one call for all those that arrived together (within
   * {@link ARRIVAL_GATHER_MS}), so two questions asked at once make one notification. `itemId` and `kind` are
   * the oldest one's, `count` how many arrived. Names the agent and the kind, never the content.
   */
  itemArrived(info: { itemId: string; agentId: string; agentName: string; kind: 'form' | 'url' | 'permission'; count: number }): void;
  /** How many requests wait for the user now, across all agents (for a badge). */
  waitingCount(count: number): void;
}

/**
 * How long, in ms, the hub waits after an agent's request arrives for more from the same agent before telling
 * the attention sink: requests sent together (a tool asking two things at once) then make one notification
 * rather than a burst. Short enough that the notification still feels immediate.
 */
export const ARRIVAL_GATHER_MS = 250;

/** What {@link Arrivals} needs from the rest of the core. */
export interface ArrivalsDeps {
  emit(event: BridgeEvent): void;
  attention?: AttentionSink;
  /** The agent's name now and whether the user muted it; undefined once it is gone. */
  agent(agentId: string): { name: string; muted: boolean } | undefined;
  /** How many requests wait for the user, across all agents. */
  waitingCount(): number;
  isStopping(): boolean;
}

/** Announces each request once, gathered per agent for {@link ARRIVAL_GATHER_MS}. */
export class Arrivals {
  /** Items already announced, so an update of an item does not notify again. */
  private readonly announced = new Set<string>();
  /** Requests gathered per agent for one notification, oldest first. */
  private readonly gathering = new Map<string, { items: Array<{ itemId: string; kind: QueueItemView['mode'] }>; timer: NodeJS.Timeout }>();

  constructor(private readonly deps: ArrivalsDeps) {}

  /**
   * A request that newly waits for the user (not for muted agents) is gathered with others from its agent and
   * then announced once: a `requestsArrived` event for the window and the attention sink for the OS.
   */
  itemChanged(item: QueueItemView): void {
    if (item.state === 'pending' && !this.announced.has(item.itemId)) {
      this.announced.add(item.itemId);
      const agent = this.deps.agent(item.agentId);
      if (agent && !agent.muted) this.gather(item);
    }
    this.deps.attention?.waitingCount(this.deps.waitingCount());
  }

  /** A request left the queue: forgotten, and not counted in a notification not yet sent. */
  itemRemoved(agentId: string, itemId: string): void {
    this.announced.delete(itemId);
    const gathering = this.gathering.get(agentId);
    if (gathering) gathering.items = gathering.items.filter((i) => i.itemId !== itemId);
    this.deps.attention?.waitingCount(this.deps.waitingCount());
  }

  /** Drops every pending notification (the hub is stopping). */
  stop(): void {
    for (const { timer } of this.gathering.values()) clearTimeout(timer);
    this.gathering.clear();
  }

  private gather(item: QueueItemView): void {
    const gathering = this.gathering.get(item.agentId);
    if (gathering) {
      gathering.items.push({ itemId: item.itemId, kind: item.mode });
      return;
    }
    const timer = setTimeout(() => {
      const gathered = this.gathering.get(item.agentId);
      this.gathering.delete(item.agentId);
      const first = gathered?.items[0];
      if (!gathered || !first || this.deps.isStopping()) return;
      const agentName = this.deps.agent(item.agentId)?.name ?? item.agentName;
      this.deps.emit({ type: 'requestsArrived', agentId: item.agentId, itemIds: gathered.items.map((i) => i.itemId) });
      this.deps.attention?.itemArrived({ itemId: first.itemId, agentId: item.agentId, agentName, kind: first.kind, count: gathered.items.length });
    }, ARRIVAL_GATHER_MS);
    timer.unref?.();
    this.gathering.set(item.agentId, { items: [{ itemId: item.itemId, kind: item.mode }], timer });
  }
}
