/**
 * Puts back the `__proto__` form field the v2 SDK's parser drops (see {@link DroppedProtoNotes}).
 */
import type { JsonRpcId } from '@agentclientprotocol/sdk';

/**
 * `__proto__` properties of raw v2 `elicitation/create` requests, by JSON-RPC id, from the moment the line is read
 * until its handler runs (the same turn of the SDK's router). The v2 SDK's parser drops such a property; the
 * handler puts it back as an own property, so the broker sees the request as the agent sent it and refuses it
 * like any other reserved field name (shared/form-schema/contradictions.ts `findReservedFieldNames`): a -32602 naming it, and
 * a refused card for the user. Bounded: notes whose handler never ran (the SDK refused the request) are dropped
 * oldest first.
 */
export class DroppedProtoNotes {
  /** Requests noted at most; far above how many can sit between the raw tap and their handler. */
  static readonly MAX = 64;
  private readonly notes = new Map<JsonRpcId, unknown>();

  /** Notes request `id`'s `requestedSchema.properties.__proto__`, when its raw `params` have one as an own property. */
  note(id: JsonRpcId, params: unknown): void {
    const properties = (params as { requestedSchema?: { properties?: unknown } } | null)?.requestedSchema?.properties;
    if (typeof properties !== 'object' || properties === null || !Object.prototype.hasOwnProperty.call(properties, '__proto__')) return;
    this.notes.set(id, (properties as Record<string, unknown>)['__proto__']);
    if (this.notes.size > DroppedProtoNotes.MAX) this.notes.delete(this.notes.keys().next().value!);
  }

  /** Puts request `id`'s dropped `__proto__` property back into its parsed `params`; forgets the note. */
  restore(id: JsonRpcId, params: Record<string, unknown>): void {
    if (!this.notes.has(id)) return;
    const value = this.notes.get(id);
    this.notes.delete(id);
    const schema = params.requestedSchema;
    if (typeof schema !== 'object' || schema === null) return;
    const holder = schema as { properties?: unknown };
    if (typeof holder.properties !== 'object' || holder.properties === null) holder.properties = {};
    Object.defineProperty(holder.properties, '__proto__', { value, enumerable: true, writable: true, configurable: true });
  }
}
