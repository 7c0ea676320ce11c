/**
 * The v2 `session/update` hot path's validator, compiled with ajv from the SDK's own published JSON Schema
 * (`@agentclientprotocol/sdk/schema/v2/schema.json`).
 *
 * The SDK's v2 client checks every notification with zod (a third of ingest CPU, and much of its garbage). This
 * checks the same schema: the `UpdateSessionNotification` envelope, and the update against the one `SessionUpdate`
 * branch its `sessionUpdate` names — the schema's `anyOf` is keyed by that `const`, so dispatching on it accepts
 * exactly what the `anyOf` accepts, without trying every branch. A kind the schema does not list is checked
 * against its catch-all ("other") branch and shown as an unknown update downstream. Nothing here is a hand-written
 * copy: every rule comes from the schema file at run time.
 *
 * The engine: the file is a JSON Schema 2020-12 document, but every keyword the update validators reach (see
 * {@link DRAFT_07_SAME_KEYWORDS}) means the same in draft-07, so they are compiled by ajv's draft-07 engine, whose
 * code is about ten times faster per update: ajv's 2020 engine tracks evaluated properties and dynamic anchors on
 * every call (bench scenario a: the 2020 validators were a sixth of the v2 connection worker's ingest time). The
 * reachable keywords are checked when the schema is loaded; should a later SDK schema use any other keyword
 * (`unevaluatedProperties`, `prefixItems`, `$dynamicRef`…), the 2020 engine is used instead.
 */
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';

// Not named `require`: electron-vite's ESM shim declares its own in the connection worker's bundle, and two
// declarations made the bundle fail to load (test/integration/connection-worker-bundle.test.ts).
const requireJson = createRequire(import.meta.url);

interface SchemaFile {
  $defs: Record<string, { anyOf?: Array<{ title?: string; properties?: { sessionUpdate?: { const?: unknown } } }> } & Record<string, unknown>>;
}

/**
 * Keywords that validate the same under draft-07 as under 2020-12 (or are annotations in both), as the SDK's
 * schema uses them: `items` with one schema (never the draft-07 tuple form, checked where it is read), `$ref`
 * with siblings (ajv applies them in both engines), `$defs` reached through JSON pointers only.
 */
export const DRAFT_07_SAME_KEYWORDS: ReadonlySet<string> = new Set([
  '$ref', 'additionalProperties', 'allOf', 'anyOf', 'oneOf', 'not', 'const', 'enum', 'type', 'required', 'properties',
  'items', 'minItems', 'maxItems', 'uniqueItems', 'minLength', 'maxLength', 'pattern', 'minimum', 'maximum',
  'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minProperties', 'maxProperties', 'format',
  'title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', 'contentEncoding', 'contentMediaType',
]);

/** Keywords whose value is a map of names to schemas (the names are not keywords). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/**
 * The keywords (other than `x-…` annotations) the given definitions reach through `#/$defs/…` references, and
 * whether some `items` is the tuple form (a list), whose meaning differs between the drafts.
 */
export function reachableKeywords(defs: SchemaFile['$defs'], roots: string[]): { keywords: Set<string>; tupleItems: boolean } {
  const keywords = new Set<string>();
  const seen = new Set<string>();
  let tupleItems = false;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (!key.startsWith('x-')) keywords.add(key);
      if (key === 'items' && Array.isArray(value)) tupleItems = true;
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')) {
        const name = value.slice('#/$defs/'.length);
        if (!seen.has(name)) {
          seen.add(name);
          visit(defs[name]);
        }
      } else if (SCHEMA_MAPS.has(key) && typeof value === 'object' && value !== null) {
        Object.values(value).forEach(visit);
      } else if (typeof value === 'object') {
        visit(value);
      }
    }
  };
  for (const root of roots) visit(defs[root]);
  return { keywords, tupleItems };
}

/** Which engine compiles the validators: draft-07 when every reachable keyword means the same there. */
export function engineFor(defs: SchemaFile['$defs']): 'draft-07' | '2020-12' {
  const { keywords, tupleItems } = reachableKeywords(defs, ['UpdateSessionNotification', 'SessionUpdate']);
  return !tupleItems && [...keywords].every((keyword) => DRAFT_07_SAME_KEYWORDS.has(keyword)) ? 'draft-07' : '2020-12';
}

/** The schema loaded into ajv once per thread; validators are compiled from it per update kind, when needed. */
interface Loaded {
  ajv: Ajv | Ajv2020;
  engine: 'draft-07' | '2020-12';
  /** The index in `SessionUpdate.anyOf` of each kind's branch. */
  branchOf: Map<string, number>;
  /** The catch-all branch (no `sessionUpdate` const), for kinds the schema does not list. */
  otherBranch: number | undefined;
}

let loaded: Loaded | undefined;
let envelopeValidator: ValidateFunction | undefined;
const byKind = new Map<string, ValidateFunction>();
let otherValidator: ValidateFunction | null | undefined;

function load(): Loaded {
  if (loaded) return loaded;
  const schema = requireJson('@agentclientprotocol/sdk/schema/v2/schema.json') as SchemaFile;
  // Non-strict: the schema carries `x-…` annotations and integer formats (int64, uint32) ajv does not know.
  // No meta-validation of the SDK's own published file at run time (40 ms per worker); a test checks it once
  // against the JSON Schema 2020-12 meta-schema (test/integration/v2-session-update.test.ts).
  const options = { strict: false, validateFormats: false, logger: false, validateSchema: false } as const;
  const engine = engineFor(schema.$defs);
  const ajv = engine === 'draft-07' ? new Ajv(options) : new (requireJson('ajv/dist/2020.js') as { Ajv2020: typeof Ajv2020 }).Ajv2020(options);
  // The envelope as the schema defines it, except that `update` is checked on its own below.
  const notification = schema.$defs.UpdateSessionNotification as { properties: Record<string, unknown> };
  const envelopeDef = { ...notification, properties: { ...notification.properties, update: { type: 'object' } } };
  ajv.addSchema({ $id: 'acp-v2', $defs: { ...schema.$defs, SwitchboardUpdateEnvelope: envelopeDef } });
  const branchOf = new Map<string, number>();
  let otherBranch: number | undefined;
  (schema.$defs.SessionUpdate?.anyOf ?? []).forEach((branch, index) => {
    const kind = branch.properties?.sessionUpdate?.const;
    if (typeof kind === 'string') branchOf.set(kind, index);
    else otherBranch = index;
  });
  loaded = { ajv, engine, branchOf, otherBranch };
  return loaded;
}

function envelope(): ValidateFunction {
  envelopeValidator ??= load().ajv.compile({ $ref: 'acp-v2#/$defs/SwitchboardUpdateEnvelope' });
  return envelopeValidator;
}

/**
 * The validator of one update kind, compiled the first time that kind arrives (2–30 ms each on this machine). All
 * of them at once cost every v2 connection 150 ms of its worker on its first update, which delayed the first
 * request of a turn by as much (bench, elicitation). Compiling them in the background after the handshake does not
 * help: a turn that starts at once then waits behind the compiles. Kinds the schema does not list share the
 * catch-all's validator.
 */
function validatorFor(kind: unknown): ValidateFunction | undefined {
  const { ajv, branchOf, otherBranch } = load();
  const index = typeof kind === 'string' ? branchOf.get(kind) : undefined;
  if (index === undefined) {
    if (otherValidator === undefined) otherValidator = otherBranch === undefined ? null : ajv.compile({ $ref: `acp-v2#/$defs/SessionUpdate/anyOf/${otherBranch}` });
    return otherValidator ?? undefined;
  }
  let validate = byKind.get(kind as string);
  if (!validate) {
    validate = ajv.compile({ $ref: `acp-v2#/$defs/SessionUpdate/anyOf/${index}` });
    byKind.set(kind as string, validate);
  }
  return validate;
}

/** The engine the validators of this thread are compiled by (for the tests; loads the schema). */
export function validatorEngine(): 'draft-07' | '2020-12' {
  return load().engine;
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
  const checkEnvelope = envelope();
  if (!checkEnvelope(params)) return { ok: false, problem: describe(checkEnvelope, '') };
  const validate = validatorFor(update.sessionUpdate);
  if (validate && !validate(update)) return { ok: false, problem: describe(validate, '/update') };
  return { ok: true, sessionId: p.sessionId, update };
}

/** The first problem, named by the schema's own path and wording: nothing the agent wrote (never logged, E-PRIV-1). */
function describe(validate: ValidateFunction, prefix: string): string {
  const first = validate.errors?.[0];
  return `${prefix} ${first?.message ?? 'is not valid'} (schema ${first?.schemaPath ?? '#'})`.trim();
}
