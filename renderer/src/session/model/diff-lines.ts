/**
 * Lines of a tool call's diff as the transcript draws them. Pure; no DOM.
 *
 * v1 diffs carry the whole old and new text: {@link diffLines} turns them into a unified-style list (removed lines
 * `-`, added lines `+`, a little unchanged context, long unchanged runs folded). v2 diffs may carry a ready-made
 * patch: {@link patchLines} only classifies its lines for colouring.
 */

/** One drawn line: `text` is the line without its sign; `skip` stands for `count` unchanged lines left out. */
export type DiffLine =
  | { kind: 'add' | 'del' | 'context'; text: string }
  | { kind: 'skip'; count: number };

/** Unchanged lines shown on each side of a change. */
export const CONTEXT_LINES = 3;

/** Beyond this many differing lines the exact diff is not worth its cost: everything old is removed, everything new added. */
const MAX_EDIT_DISTANCE = 1000;

/**
 * The unified-style lines between `oldText` and `newText` (either may be absent: a new or a deleted file).
 * Lines are compared exactly; a trailing newline does not count as an extra empty line. Runs of more than
 * 2 × {@link CONTEXT_LINES} unchanged lines are folded into one `skip`, as is unchanged text before the first
 * and after the last change beyond {@link CONTEXT_LINES}. Identical texts give only `skip` or context lines.
 */
export function diffLines(oldText: string | undefined, newText: string | undefined): DiffLine[] {
  const a = splitLines(oldText);
  const b = splitLines(newText);
  return foldContext(editScript(a, b));
}

/** Splits text into lines; `undefined` and `''` have none, and one trailing newline ends the last line. */
export function splitLines(text: string | undefined): string[] {
  if (!text) return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

/** What a line of a unified patch is, for colouring: file headers, hunk headers, additions, removals, context. */
export type PatchLineKind = 'file' | 'hunk' | 'add' | 'del' | 'context';

/** Classifies each line of a unified patch (v2 `patch`), keeping the text as it is, signs included. */
export function patchLines(patch: string): Array<{ kind: PatchLineKind; text: string }> {
  return splitLines(patch).map((text) => ({ kind: patchLineKind(text), text }));
}

function patchLineKind(line: string): PatchLineKind {
  if (line.startsWith('+++ ') || line.startsWith('--- ') || /^(diff |index |new file|deleted file|similarity |rename |old mode|new mode)/.test(line)) {
    return 'file';
  }
  if (line.startsWith('@@')) return 'hunk';
  if (line.startsWith('+')) return 'add';
  if (line.startsWith('-')) return 'del';
  return 'context';
}

type Op = { kind: 'add' | 'del' | 'context'; text: string };

/** Shortest edit script from `a` to `b` (Myers' O(ND) algorithm), after taking off the common ends. */
function editScript(a: string[], b: string[]): Op[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const head: Op[] = a.slice(0, start).map((text) => ({ kind: 'context', text }));
  const tail: Op[] = a.slice(endA).map((text) => ({ kind: 'context', text }));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const middle = myers(midA, midB) ?? [
    ...midA.map((text): Op => ({ kind: 'del', text })),
    ...midB.map((text): Op => ({ kind: 'add', text })),
  ];
  return [...head, ...middle, ...tail];
}

/**
 * Myers' greedy diff; `undefined` when the texts differ in more than {@link MAX_EDIT_DISTANCE} lines. Lines are
 * compared as numbers (each distinct line gets one, {@link lineIds}): comparing the strings themselves costs their
 * length at every step, and 1 000-line diffs of 3.5 KB lines took 301 ms each.
 */
function myers(a: string[], b: string[]): Op[] | undefined {
  const n = a.length;
  const m = b.length;
  if (n === 0) return b.map((text) => ({ kind: 'add', text }));
  if (m === 0) return a.map((text) => ({ kind: 'del', text }));
  const [idsA, idsB] = lineIds(a, b);
  const max = Math.min(n + m, MAX_EDIT_DISTANCE);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  /** `trace[d]`: v over diagonals -(d+1)..d+1 as it stood before step d. */
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && idsA[x] === idsB[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(a, b, trace);
    }
  }
  return undefined;
}

/** Each line as a number, equal numbers for equal lines: one pass over the text instead of one per comparison. */
function lineIds(a: string[], b: string[]): [Int32Array, Int32Array] {
  const ids = new Map<string, number>();
  const idOf = (line: string) => {
    let id = ids.get(line);
    if (id === undefined) ids.set(line, (id = ids.size));
    return id;
  };
  return [Int32Array.from(a, idOf), Int32Array.from(b, idOf)];
}

function backtrack(a: string[], b: string[], trace: Int32Array[]): Op[] {
  const ops: Op[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d >= 0; d--) {
    const saved = trace[d];
    const at = (k: number) => saved[k + d + 1];
    const k = x - y;
    const previousK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const previousX = at(previousK);
    const previousY = previousX - previousK;
    while (x > previousX && y > previousY) {
      ops.push({ kind: 'context', text: a[x - 1] });
      x--;
      y--;
    }
    if (d > 0) {
      if (x === previousX) ops.push({ kind: 'add', text: b[y - 1] });
      else ops.push({ kind: 'del', text: a[x - 1] });
    }
    x = previousX;
    y = previousY;
  }
  return ops.reverse();
}

/** Keeps {@link CONTEXT_LINES} unchanged lines around each change and folds the rest into `skip`s. */
function foldContext(ops: Op[]): DiffLine[] {
  const lines: DiffLine[] = [];
  let i = 0;
  while (i < ops.length) {
    if (ops[i].kind !== 'context') {
      lines.push(ops[i]);
      i++;
      continue;
    }
    let end = i;
    while (end < ops.length && ops[end].kind === 'context') end++;
    const run = ops.slice(i, end);
    const keepBefore = i === 0 ? 0 : CONTEXT_LINES;
    const keepAfter = end === ops.length ? 0 : CONTEXT_LINES;
    if (run.length <= keepBefore + keepAfter + 1) {
      lines.push(...run);
    } else {
      lines.push(...run.slice(0, keepBefore));
      lines.push({ kind: 'skip', count: run.length - keepBefore - keepAfter });
      lines.push(...run.slice(run.length - keepAfter));
    }
    i = end;
  }
  return lines;
}
