/**
 * The broker's queue: every item of every agent, indexed by what the broker looks items up by (connection, agent,
 * session, JSON-RPC id, `elicitationId`), so a lookup reads one connection's or one session's items, not the whole
 * queue. It applies the per-agent caps of queue-limits.ts and reports every change to its listener.
 */
import type { JsonRpcId } from '@agentclientprotocol/sdk';
import type { FormItemView, PermissionItemView, QueueItemView, UrlItemView } from '../../../shared/views/requests';
import { cutText } from '../../../shared/cut-text';
import { CAPPED_ENDED, ENDED, NO_FORM, OUTSTANDING, type ItemState, type QueueEntry } from './queue-entry';
import { MAX_ENDED_MESSAGE_CHARS, MAX_ENDED_PER_AGENT, MAX_REFUSED_PER_AGENT } from './queue-limits';

/** Where the queue reports its changes (the broker's listener). */
export interface QueueListener {
  itemChanged(item: QueueItemView): void;
  itemRemoved(itemId: string, item: QueueItemView): void;
}

/** A patch to an item's view. */
export type ViewPatch = Partial<FormItemView> | Partial<UrlItemView> | Partial<PermissionItemView>;

/** Sets of values under a key, each set in insertion order (so in arrival order, as the queue itself). */
class SetIndex<K, V> {
  private readonly sets = new Map<K, Set<V>>();

  add(key: K, value: V): void {
    const set = this.sets.get(key);
    if (set) set.add(value);
    else this.sets.set(key, new Set([value]));
  }

  delete(key: K, value: V): void {
    const set = this.sets.get(key);
    if (!set) return;
    set.delete(value);
    if (set.size === 0) this.sets.delete(key);
  }

  get(key: K): ReadonlySet<V> {
    return this.sets.get(key) ?? EMPTY;
  }
}

const EMPTY: ReadonlySet<never> = new Set<never>();

/** The session key of an item in a session's context, else undefined. */
function sessionKeyOf(entry: QueueEntry): string | undefined {
  const scope = entry.view.scope;
  return scope.kind === 'session' ? scope.sessionKey : undefined;
}

/** The item queue of the elicitation broker (broker.ts). */
export class ItemQueue {
  /** Every entry by item id; the map keeps arrival order. */
  private readonly entries = new Map<string, QueueEntry>();
  private readonly byConnection = new SetIndex<string, QueueEntry>();
  private readonly byAgent = new SetIndex<string, QueueEntry>();
  private readonly bySession = new SetIndex<string, QueueEntry>();
  /**
   * Per connection, entries by the agent's JSON-RPC id (one id may be held by several ended items). Entries without
   * one (refused, or released by {@link releaseRpcId}) are not indexed.
   */
  private readonly byRpcId = new Map<string, SetIndex<JsonRpcId, QueueEntry>>();
  /** Per connection, URL entries by their `elicitationId`. */
  private readonly byElicitationId = new Map<string, SetIndex<string, QueueEntry>>();
  private readonly pending = new Set<QueueEntry>();

  constructor(private readonly listener: QueueListener) {}

  /** The entry of `itemId`, or undefined. */
  get(itemId: string): QueueEntry | undefined {
    return this.entries.get(itemId);
  }

  /**
   * The entry of `itemId`, of `agentId` when given.
   * @throws Error (plain sentence) when there is none.
   */
  require(itemId: string, agentId?: string): QueueEntry {
    const entry = this.entries.get(itemId);
    if (!entry || (agentId !== undefined && entry.view.agentId !== agentId)) {
      throw new Error('There is no such request for this agent; nothing was sent.');
    }
    return entry;
  }

  /** The entries of one connection, oldest first. A live view: entries removed while iterating are skipped. */
  ofConnection(connectionId: string): ReadonlySet<QueueEntry> {
    return this.byConnection.get(connectionId);
  }

  /** The entries in one session's context, oldest first. A live view, as {@link ofConnection}. */
  ofSession(sessionKey: string): ReadonlySet<QueueEntry> {
    return this.bySession.get(sessionKey);
  }

  /** The first entry of `connectionId` holding `jsonRpcId` in one of `states`. */
  findByRpcId(connectionId: string, jsonRpcId: JsonRpcId | undefined, states: ReadonlyArray<ItemState>): QueueEntry | undefined {
    const candidates = jsonRpcId === undefined ? this.ofConnection(connectionId) : (this.byRpcId.get(connectionId)?.get(jsonRpcId) ?? EMPTY);
    for (const entry of candidates) {
      if (entry.jsonRpcId === jsonRpcId && states.includes(entry.view.state)) return entry;
    }
    return undefined;
  }

  /** The entry of `connectionId` whose `elicitationId` is outstanding (spec E-REQ-8, E-URL-7). */
  findByElicitationId(connectionId: string, elicitationId: string): QueueEntry | undefined {
    for (const entry of this.byElicitationId.get(connectionId)?.get(elicitationId) ?? EMPTY) {
      if (OUTSTANDING.includes(entry.view.state)) return entry;
    }
    return undefined;
  }

  /** Forgets an answered entry's JSON-RPC id: the agent reused it for a newer request, which now owns it. */
  releaseRpcId(entry: QueueEntry): void {
    if (entry.jsonRpcId !== undefined) this.byRpcId.get(entry.connection.connectionId)?.delete(entry.jsonRpcId, entry);
    entry.jsonRpcId = undefined;
  }

  /** How many items wait for the user, optionally only those of one session. Counts without sorting or copying. */
  pendingCount(sessionKey?: string): number {
    if (sessionKey === undefined) return this.pending.size;
    return this.countPending(this.bySession.get(sessionKey));
  }

  /** How many items of one connection wait for the user. */
  pendingOfConnection(connectionId: string): number {
    return this.countPending(this.byConnection.get(connectionId));
  }

  /** All items, oldest first; requests that arrived in the same millisecond in the order they were received. */
  items(): QueueItemView[] {
    return [...this.entries.values()].map((e) => e.view).sort((a, b) => a.arrivedAt - b.arrivedAt || (a.arrivalSeq ?? 0) - (b.arrivalSeq ?? 0));
  }

  /** Queues a new entry; past {@link MAX_REFUSED_PER_AGENT} refused items of its agent, the oldest goes. */
  add(entry: QueueEntry): void {
    const { connectionId } = entry.connection;
    this.entries.set(entry.view.itemId, entry);
    this.byConnection.add(connectionId, entry);
    this.byAgent.add(entry.view.agentId, entry);
    const sessionKey = sessionKeyOf(entry);
    if (sessionKey !== undefined) this.bySession.add(sessionKey, entry);
    if (entry.jsonRpcId !== undefined) indexOf(this.byRpcId, connectionId).add(entry.jsonRpcId, entry);
    if (entry.elicitationId !== undefined) indexOf(this.byElicitationId, connectionId).add(entry.elicitationId, entry);
    this.trackPending(entry);
    this.listener.itemChanged(entry.view);
    if (entry.view.state === 'refused') this.dropOldest(entry.view.agentId, ['refused'], MAX_REFUSED_PER_AGENT);
  }

  /** Takes an entry out of the queue and reports it removed. */
  remove(entry: QueueEntry): void {
    const { connectionId } = entry.connection;
    this.entries.delete(entry.view.itemId);
    this.byConnection.delete(connectionId, entry);
    this.byAgent.delete(entry.view.agentId, entry);
    const sessionKey = sessionKeyOf(entry);
    if (sessionKey !== undefined) this.bySession.delete(sessionKey, entry);
    if (entry.jsonRpcId !== undefined) this.byRpcId.get(connectionId)?.delete(entry.jsonRpcId, entry);
    if (entry.elicitationId !== undefined) this.byElicitationId.get(connectionId)?.delete(entry.elicitationId, entry);
    if (this.byConnection.get(connectionId).size === 0) {
      // A restarted agent gets a new connection id: the old one's (empty) indexes go with its last item.
      this.byRpcId.delete(connectionId);
      this.byElicitationId.delete(connectionId);
    }
    this.pending.delete(entry);
    this.listener.itemRemoved(entry.view.itemId, entry.view);
  }

  /**
   * Patches an item's view and reports it. An item that ends keeps only its message's start
   * ({@link MAX_ENDED_MESSAGE_CHARS}) and, a form the user typed nothing into, not a large schema's description;
   * past {@link MAX_ENDED_PER_AGENT} ended items of its agent, the oldest goes. A patch never changes an item's
   * agent or its session (only that session's titles), so the indexes stand.
   */
  update(entry: QueueEntry, patch: ViewPatch): void {
    const ending = patch.state !== undefined && ENDED.includes(patch.state);
    const message = ending && entry.view.message.length > MAX_ENDED_MESSAGE_CHARS ? { message: cutText(entry.view.message, MAX_ENDED_MESSAGE_CHARS) } : {};
    const schema = ending && dropsSchemaOnEnd(entry) ? { form: NO_FORM } : {};
    if ('form' in schema) {
      entry.fields = [];
      entry.largeSchema = false;
    }
    entry.view = { ...entry.view, ...patch, ...message, ...schema } as QueueItemView;
    this.trackPending(entry);
    this.listener.itemChanged(entry.view);
    if (ending) this.dropOldest(entry.view.agentId, CAPPED_ENDED, MAX_ENDED_PER_AGENT);
  }

  /** Ends an outstanding item without the user's answer; an item already past that is left as it is. */
  markEnded(entry: QueueEntry, state: 'withdrawn' | 'stopped' | 'disconnected'): void {
    if (!OUTSTANDING.includes(entry.view.state)) return;
    this.update(entry, { state, ...(entry.view.mode === 'url' ? { windowOpen: false } : {}) });
  }

  /** Removes the oldest items of `agentId` in `states` past the first `keep`. */
  private dropOldest(agentId: string, states: ReadonlyArray<ItemState>, keep: number): void {
    const matching = [...this.byAgent.get(agentId)].filter((e) => states.includes(e.view.state));
    for (const old of matching.slice(0, Math.max(0, matching.length - keep))) this.remove(old);
  }

  private trackPending(entry: QueueEntry): void {
    if (entry.view.state === 'pending' && this.entries.has(entry.view.itemId)) this.pending.add(entry);
    else this.pending.delete(entry);
  }

  private countPending(entries: ReadonlySet<QueueEntry>): number {
    let count = 0;
    for (const entry of entries) if (entry.view.state === 'pending') count++;
    return count;
  }
}

/** The index of one connection in a per-connection map of them, made on first use. */
function indexOf<K>(perConnection: Map<string, SetIndex<K, QueueEntry>>, connectionId: string): SetIndex<K, QueueEntry> {
  let index = perConnection.get(connectionId);
  if (!index) perConnection.set(connectionId, (index = new SetIndex<K, QueueEntry>()));
  return index;
}

/** Whether an ending form keeps too large a schema for nothing: the user typed nothing (MAX_ENDED_SCHEMA_CHARS). */
function dropsSchemaOnEnd(entry: QueueEntry): boolean {
  const view = entry.view;
  return view.mode === 'form' && view.draft === undefined && entry.largeSchema === true;
}
