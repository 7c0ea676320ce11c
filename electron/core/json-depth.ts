/**
 * Measuring how deep a JSON value nests, without descending past a limit: the check behind every depth budget
 * (the agent message guard, acp/depth-guard.ts; the agents config file, config/config.ts). A module of its own
 * because both use it and neither owns it.
 */

/**
 * Whether `value` nests deeper than `limit` levels (a scalar is depth 0, `{}` and `[]` depth 1).
 * Recursive but bounded: it never descends past `limit + 1` levels, so a 100 000-level value costs at most
 * `limit` stack frames, and stops at the first path over the limit. Allocates nothing per node: this runs on
 * every message an agent sends (an explicit stack of `{node, depth}` records and `Object.values` arrays was
 * 8 % of the worker's ingest time, bench scenario a).
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  return typeof value === 'object' && value !== null && deeper(value, 1, limit);
}

function deeper(node: object, depth: number, limit: number): boolean {
  if (depth > limit) return true;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const child: unknown = node[i];
      if (typeof child === 'object' && child !== null && deeper(child, depth + 1, limit)) return true;
    }
    return false;
  }
  // Every key `for…in` yields, with no `Object.hasOwn` filter (a third of the walk, bench scenario a): it yields every
  // own enumerable key, which is all JSON.parse makes, plus any enumerable key inherited from a polluted prototype,
  // which can only add levels. So the depth found is never less than the message's own: the check cannot miss.
  for (const key in node) {
    // An own `"__proto__"` (JSON.parse makes one) shadows the inherited accessor, so this reads its value.
    const child: unknown = (node as Record<string, unknown>)[key];
    if (typeof child === 'object' && child !== null && deeper(child, depth + 1, limit)) return true;
  }
  return false;
}
