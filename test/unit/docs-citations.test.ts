/**
 * Keeps citations honest (architecture rule 12, "Docs explain; history records"):
 * (a) every protocol rule id the code cites (`spec E-FORM-4`) is defined in docs/protocol.md, so a reader can look it
 *     up in the repository;
 * (b) no code comment tells where it came from (which session, review or issue): a comment says why, and git keeps
 *     the story.
 * Each failure names file:line.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');
const CITING_FOLDERS = ['electron', 'shared', 'renderer', 'test', 'bench', 'scripts'];
const COMMENT_FOLDERS = [...CITING_FOLDERS, '.ci'];
/** The build and test configs at the root, whose comments explain choices too. */
const rootConfigs = () =>
  readdirSync(ROOT, { withFileTypes: true }).filter((e) => e.isFile() && CODE_FILE.test(e.name)).map((e) => join(ROOT, e.name));
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'out', 'generated']);
const CITING_FILE = /\.(ts|tsx|mts|js|mjs|cjs|css|json|md|html|sh)$/;
const CODE_FILE = /\.(ts|tsx|js|mjs|css)$/;

/** A protocol rule id as the code cites it: `E-FORM-4`, `E-PRIV-1`. */
const RULE_ID = /\b[A-Z]+-[A-Z]+-\d+\b/g;

/**
 * What a comment must not cite. Ordinary words stay allowed: "Session 2" (a tab's name), the form's Review step and
 * the `ReviewSummary` component, "review and change every answer" (spec E-FORM-4).
 */
const HISTORY_PATTERNS: readonly { what: string; pattern: RegExp }[] = [
  { what: 'a work session', pattern: /\bsessions? \d+/ },
  { what: 'a work session', pattern: /\bSessions? \d+(?=\s*(?:item|found|[,:;)]))/ },
  { what: 'a work session', pattern: /\bwork sessions?\b/i },
  { what: 'an issue number', pattern: /\bissues? #?\d+/i },
  { what: 'an issue', pattern: /\bissue "[^"]+"/i },
  { what: 'an issue number', pattern: /(?:^|[\s(])(?<!(?:UTS|UAX|RFC|TR) )#\d{1,4}\b/ },
  { what: 'a reviewer', pattern: /\breviewers?\b/i },
  {
    what: 'a review',
    pattern: /\b(?:designer'?s?|designers'|hostile|new[- ]users?'?s?|fresh[- ]users?'?s?|code|adversarial|security|external|peer|earlier|last|later) reviews?\b/i,
  },
  { what: 'a review', pattern: /\breview(?:'s)? (?:fix(?:es)?|findings?|found|notes?|rounds?|refactor list)\b/i },
  { what: 'a review', pattern: /\b(?:after|per|from|during|since) (?:a |the |this |that )?review\b(?! step)/i },
  { what: 'a tester', pattern: /\b(?:hostile|new|fresh) testers?\b/i },
  { what: 'the lab log that left docs/', pattern: /performance-log/ },
];

function walk(folder: string, files: string[]): string[] {
  if (!existsSync(folder)) return files;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name) || entry.name.endsWith('-snapshots')) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) walk(path, files);
    else files.push(path);
  }
  return files;
}

const rel = (path: string) => relative(ROOT, path).split('\\').join('/');

/** A comment's text and the 1-based line it starts on. */
interface Comment {
  line: number;
  text: string;
}

const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/** Every comment of a script, found by the TypeScript scanner's trivia (strings, templates and regexes are not comments). */
function scriptComments(file: string, text: string): Comment[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const seen = new Set<number>();
  const comments: Comment[] = [];
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) {
      if (seen.has(r.pos)) continue;
      seen.add(r.pos);
      comments.push({ line: lineAt(text, r.pos), text: text.slice(r.pos, r.end) });
    }
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return comments;
}

function cssComments(text: string): Comment[] {
  return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => ({ line: lineAt(text, m.index), text: m[0] }));
}

/** `#` comments of a shell script (a line's `#` after a space or at its start). */
function shellComments(text: string): Comment[] {
  return text.split('\n').flatMap((l, i) => {
    const at = l.search(/(?:^|\s)#(?!!)/);
    return at < 0 ? [] : [{ line: i + 1, text: l.slice(at) }];
  });
}

function commentsOf(file: string, text: string): Comment[] {
  if (file.endsWith('.css')) return cssComments(text);
  if (CODE_FILE.test(file)) return scriptComments(file, text);
  if (file.startsWith('.ci/') && (!file.includes('.', 4) || file.endsWith('.sh'))) return shellComments(text);
  return [];
}

/** Ids defined in docs/protocol.md: each definition is a list item that starts with the bold id. */
function definedIds(): Set<string> {
  const page = readFileSync(join(ROOT, 'docs', 'protocol.md'), 'utf8');
  return new Set([...page.matchAll(/^- \*\*([A-Z]+-[A-Z]+-\d+)\*\*/gm)].map((m) => m[1]));
}

/** An architecture rule as code and pages cite it: `architecture rule 7`. */
const ARCHITECTURE_RULE = /\barchitecture rules? (\d+)/gi;

/** The numbers of the rules docs/architecture.md lists under "Rules of the house" (`7. **State lives in main.**`). */
function definedArchitectureRules(): Set<string> {
  const page = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
  const section = page.slice(page.indexOf('## Rules of the house'), page.indexOf('\n## ', page.indexOf('## Rules of the house') + 1));
  return new Set([...section.matchAll(/^(\d+)\. \*\*/gm)].map((m) => m[1]));
}

describe('citations in code', () => {
  it('cites only architecture rules that docs/architecture.md lists', () => {
    const defined = definedArchitectureRules();
    expect(defined.size, 'the rules were found on the page').toBeGreaterThan(5);
    const missing: string[] = [];
    for (const path of [...CITING_FOLDERS, 'docs'].flatMap((f) => walk(join(ROOT, f), []))) {
      if (!CITING_FILE.test(path)) continue;
      readFileSync(path, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const [, n] of line.matchAll(ARCHITECTURE_RULE)) if (!defined.has(n)) missing.push(`${rel(path)}:${i + 1} architecture rule ${n}`);
        });
    }
    expect(missing, 'architecture rules cited but not listed in docs/architecture.md').toEqual([]);
  });

  it('cites only protocol rule ids that docs/protocol.md defines', () => {
    const defined = definedIds();
    const missing: string[] = [];
    for (const path of CITING_FOLDERS.flatMap((f) => walk(join(ROOT, f), []))) {
      if (!CITING_FILE.test(path)) continue;
      readFileSync(path, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const [id] of line.matchAll(RULE_ID)) if (!defined.has(id)) missing.push(`${rel(path)}:${i + 1} ${id}`);
        });
    }
    expect(missing, 'rule ids cited but not defined in docs/protocol.md').toEqual([]);
  });

  // Parses every script of the repository: seconds on a loaded machine.
  it('has comments that say why, never which session, review or issue they came from', { timeout: 60_000 }, () => {
    const found: string[] = [];
    for (const path of [...rootConfigs(), ...COMMENT_FOLDERS.flatMap((f) => walk(join(ROOT, f), []))]) {
      const file = rel(path);
      for (const comment of commentsOf(file, readFileSync(path, 'utf8'))) {
        comment.text.split('\n').forEach((line, i) => {
          const hit = HISTORY_PATTERNS.find((h) => h.pattern.test(line));
          if (hit) found.push(`${file}:${comment.line + i} cites ${hit.what}: ${line.trim()}`);
        });
      }
    }
    expect(found, 'comments citing history').toEqual([]);
  });
});
