/**
 * The v2 `session/update` hot path's validator, compiled with ajv from the SDK's own published JSON Schema
 * (`@agentclientprotocol/sdk/schema/v2/schema.json`), issue 13 scope 4.
 *
 * The SDK's v2 client checks every notification with zod (a third of ingest CPU, and much of its garbage). This
 * checks the same schema: the `UpdateSessionNotification` envelope, and the update against the one `SessionUpdate`
 * branch its `sessionUpdate` names — the schema's `anyOf` is keyed by that `const`, so dispatching on it accepts
 * exactly what the `anyOf` accepts, without trying every branch. A kind the schema does not list is checked
 * against its catch-all ("other") branch and shown as an unknown update downstream. Nothing here is a hand-written
 * copy: every rule comes from the schema file at run time.
 */
import { createRequire } from 'node:module';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

// Not named `require`: electron-vite's ESM shim declares its own in the connection worker's bundle, and two
// declarations made the bundle fail to load (test/integration/connection-worker-bundle.test.ts).
const requireJson = createRequire(import.meta.url);

interface SchemaFile {
  $defs: Record<string, { anyOf?: Array<{ title?: string; properties?: { sessionUpdate?: { const?: unknown } } }> } & Record<string, unknown>>;
}

interface Validators {
  envelope: ValidateFunction;
  byKind: Map<string, ValidateFunction>;
  other: ValidateFunction | undefined;
}

let compiled: Validators | undefined;

function validators(): Validators {
  if (compiled) return compiled;
  const schema = requireJson('@agentclientprotocol/sdk/schema/v2/schema.json') as SchemaFile;
  // Non-strict: the schema carries `x-…` annotations and integer formats (int64, uint32) ajv does not know.
  const ajv = new Ajv2020({ strict: false, validateFormats: false, logger: false });
  // The envelope as the schema defines it, except that `update` is checked on its own below.
  const notification = schema.$defs.UpdateSessionNotification as { properties: Record<string, unknown> };
  const envelopeDef = { ...notification, properties: { ...notification.properties, update: { type: 'object' } } };
  ajv.addSchema({ $id: 'acp-v2', $defs: { ...schema.$defs, SwitchboardUpdateEnvelope: envelopeDef } });
  const branches = schema.$defs.SessionUpdate?.anyOf ?? [];
  const byKind = new Map<string, ValidateFunction>();
  let other: ValidateFunction | undefined;
  branches.forEach((branch, index) => {
    const validate = ajv.compile({ $ref: `acp-v2#/$defs/SessionUpdate/anyOf/${index}` });
    const kind = branch.properties?.sessionUpdate?.const;
    if (typeof kind === 'string') byKind.set(kind, validate);
    else other = validate;
  });
  const envelope = ajv.compile({ $ref: 'acp-v2#/$defs/SwitchboardUpdateEnvelope' });
  compiled = { envelope, byKind, other };
  return compiled;
}

/** The result of checking one `session/update`'s params. */
export type SessionUpdateCheck =
  | { ok: true; sessionId: string; update: Record<string, unknown> }
  | { ok: false; problem: string };

/**
 * Checks raw v2 `session/update` params against the SDK's schema. Never throws.
 * @returns the session id and update when valid, else the first problem as `path message` (for the agent log).
 */
export function checkV2SessionUpdate(params: unknown): SessionUpdateCheck {
  const p = params as { sessionId?: unknown; update?: unknown } | null;
  if (!p || typeof p !== 'object' || typeof p.sessionId !== 'string' || typeof p.update !== 'object' || p.update === null || Array.isArray(p.update)) {
    return { ok: false, problem: 'params must carry a sessionId and an update object' };
  }
  const update = p.update as Record<string, unknown>;
  const { envelope, byKind, other } = validators();
  if (!envelope(params)) return { ok: false, problem: describe(envelope, '') };
  const validate = (typeof update.sessionUpdate === 'string' ? byKind.get(update.sessionUpdate) : undefined) ?? other;
  if (validate && !validate(update)) return { ok: false, problem: describe(validate, '/update') };
  return { ok: true, sessionId: p.sessionId, update };
}

/** The first problem, named by the schema's own path and wording: nothing the agent wrote (never logged, E-PRIV-1). */
function describe(validate: ValidateFunction, prefix: string): string {
  const first = validate.errors?.[0];
  return `${prefix} ${first?.message ?? 'is not valid'} (schema ${first?.schemaPath ?? '#'})`.trim();
}
