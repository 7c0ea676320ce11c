/**
 * Reading and writing an agent's untrusted JSON: own properties only (never inherited ones, and `__proto__` as a
 * plain key), `null` as absent, and agent-chosen names quoted short for messages. The other form-schema modules
 * read schemas through these.
 */
import { cutText } from '../cut-text';

/** A plain JSON object (not null, not an array). */
export type JsonObject = Record<string, unknown>;

/** Whether `value` is a plain JSON object. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether `object` has `key` as its own property (a `__proto__` key included). */
export function hasOwn(object: JsonObject, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** Reads an own property; `null` counts as absent, as the ACP schema says of every optional field. */
export function own(object: JsonObject, key: string): unknown {
  if (!hasOwn(object, key)) return undefined;
  const value = object[key];
  return value === null ? undefined : value;
}

/** Sets an own, enumerable property even for names like `__proto__` that plain assignment would misroute. */
export function setOwn<T>(target: Record<string, T>, key: string, value: NoInfer<T>): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** An own string property, else undefined. */
export function text(object: JsonObject, key: string): string | undefined {
  const value = own(object, key);
  return typeof value === 'string' ? value : undefined;
}

/** An own finite number property, else undefined. */
export function finiteNumber(object: JsonObject, key: string): number | undefined {
  const value = own(object, key);
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** An own non-negative integer property, else undefined. */
export function count(object: JsonObject, key: string): number | undefined {
  const value = finiteNumber(object, key);
  return value !== undefined && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** Quotes an agent-chosen name for a message, cut short so a huge name cannot flood it. */
export function quote(name: string): string {
  const shown = cutText(name, 80);
  return JSON.stringify(shown);
}
