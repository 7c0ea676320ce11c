/**
 * No import cycle between folders (architecture rule 1; rule 3: services never reach into each other both ways).
 *
 * The graph: every `.ts`/`.tsx` file under `electron/`, `shared/` and `renderer/src/`, each relative import
 * (found by `ts.preProcessFile`: static, `export … from`, dynamic `import()`, type-only too, since a type
 * import ties two folders as firmly as a value import) resolved to a file. A node is the folder that holds a
 * file; an edge joins two different folders. An edge from a folder into one of its own subfolders is not
 * counted: a folder's loose files compose what its subfolders hold (the hub over the services), and the
 * subfolders may still use what the parent keeps beside them (budgets). Every other cycle fails the test, named
 * with the imports that make it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const ROOTS = ['electron', 'shared', 'renderer/src'];

/** Cycles tolerated, each as its folders in order (any rotation): none. Break a new one; never list it here. */
const KNOWN_CYCLES: string[][] = [];

/** One import between two folders: the file and the specifier it wrote. */
interface Import {
  file: string;
  spec: string;
}
/** folder → folder → the imports that join them. */
type Graph = Map<string, Map<string, Import[]>>;

const posix = (path: string) => relative(root, path).split(sep).join('/');

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

/** The file a relative specifier names, as the bundler resolves it, or undefined (e.g. a CSS file). */
function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx'), base]) {
    try {
      if (statSync(candidate).isFile() && /\.tsx?$/.test(candidate)) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

/** The folder-level import graph of `roots` (repository-relative folders). */
function folderGraph(roots: string[]): Graph {
  const graph: Graph = new Map();
  for (const file of roots.flatMap((r) => sourceFiles(join(root, r)))) {
    const from = posix(dirname(file));
    for (const { fileName: spec } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!spec.startsWith('.')) continue;
      const target = resolveImport(file, spec);
      if (!target) continue;
      const to = posix(dirname(target));
      if (to === from || to.startsWith(`${from}/`)) continue;
      const edges = graph.get(from) ?? new Map<string, Import[]>();
      graph.set(from, edges);
      edges.set(to, [...(edges.get(to) ?? []), { file: posix(file), spec }]);
    }
  }
  return graph;
}

/**
 * Every elementary cycle of the graph, each listed from its smallest folder (so one cycle has one spelling).
 * A depth-first walk from each folder that only visits larger folders: fine for a few dozen folders.
 */
function cyclesOf(graph: Graph): string[][] {
  const cycles: string[][] = [];
  const nodes = [...new Set([...graph.keys(), ...[...graph.values()].flatMap((edges) => [...edges.keys()])])].sort();
  for (const start of nodes) {
    const walk = (node: string, path: string[]) => {
      for (const next of graph.get(node)?.keys() ?? []) {
        if (next === start) cycles.push([...path]);
        else if (next > start && !path.includes(next)) walk(next, [...path, next]);
      }
    };
    walk(start, [start]);
  }
  return cycles;
}

const spelling = (cycle: string[]) => {
  const at = cycle.indexOf([...cycle].sort()[0]);
  return [...cycle.slice(at), ...cycle.slice(0, at)].join(' → ');
};

/** One cycle in words, with the first import of each of its steps. */
function describeCycle(graph: Graph, cycle: string[]): string {
  const steps = cycle.map((from, i) => {
    const to = cycle[(i + 1) % cycle.length];
    const via = graph.get(from)?.get(to) ?? [];
    return `  ${from} → ${to}: ${via[0].file} imports '${via[0].spec}'${via.length > 1 ? ` (+${via.length - 1} more)` : ''}`;
  });
  return [`${spelling(cycle)} → ${cycle[0]}`, ...steps].join('\n');
}

describe('folder import cycles', () => {
  it('finds a cycle in a graph that has one, and none in one that has none', () => {
    const edge = (file: string): Import[] => [{ file, spec: './x' }];
    const looped: Graph = new Map([
      ['a', new Map([['b', edge('a/1.ts')]])],
      ['b', new Map([['c', edge('b/1.ts')]])],
      ['c', new Map([['a', edge('c/1.ts')]])],
    ]);
    expect(cyclesOf(looped).map(spelling)).toEqual(['a → b → c']);
    expect(cyclesOf(new Map([['a', new Map([['b', edge('a/1.ts')]])]]))).toEqual([]);
  });

  it('has no cycle between folders of electron/, shared/ and renderer/src/', () => {
    const graph = folderGraph(ROOTS);
    expect(graph.size, 'the graph was built from the sources').toBeGreaterThan(10);
    const known = new Set(KNOWN_CYCLES.map(spelling));
    const fresh = cyclesOf(graph).filter((cycle) => !known.has(spelling(cycle)));
    expect(fresh.map((cycle) => describeCycle(graph, cycle)).join('\n\n'), 'import cycles between folders').toBe('');
  });
});
