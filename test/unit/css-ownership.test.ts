/**
 * Styles live with their component (style.md, "styles and features that live together"). Class names stay global,
 * because the e2e suite selects by them, so this test plays the part CSS Modules would: it reads every stylesheet
 * under `renderer/src` and every `className` in the components, and fails when a class is styled from a file other
 * than the one beside the component that draws it.
 *
 * The rule, exactly:
 * - `renderer/src/base/*.css` is the shared design-system layer: any component may use its classes.
 * - Every other stylesheet `X.css` has *owners*: the component `X.tsx` beside it, the stylesheet-less components
 *   of its folder that `X.tsx` imports (transitively), and the plain `.ts` modules any owner imports (they may hand
 *   it class names, as terminal-text.ts hands out `ansi-*`).
 * - A rule's subject is the last compound selector that names a class (`.a .b:hover > li` → `.b`), reading past
 *   parenthesised arguments (`:is()`, `:not()`, `:has()`) and attribute selectors; the classes before it are
 *   context and may belong to anyone.
 * - A rule passes when its subject names a class, not a base class, that an owner draws. A subject made of base
 *   classes only (`.card-actions .button`) passes only inside an element of the owner's: the nearest class before
 *   it that is not a base class must be drawn by an owner. Every other rule fails, including one whose subject no
 *   component draws at all. A class drawn by several components may be styled in any of their stylesheets.
 * - A file draws a class when the class is a word of one of its strings (a `className`, a class a helper returns),
 *   or starts with the fixed part of a class built at run time (`status-${kind}`; `md-h${level}` inside a
 *   `className`). A string holding a selector (`'.session-tab.is-selected'`, for `querySelector`) draws nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../renderer/src');
const BASE = join(SRC, 'base');

/** Every file under `dir` whose name ends with one of `extensions`, as absolute paths. */
function filesUnder(dir: string, extensions: string[]): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && extensions.some((ext) => entry.name.endsWith(ext)))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** One complex selector of a style rule, with where it was written. */
interface StyledSelector {
  file: string;
  selector: string;
}

/**
 * The selectors of every style rule in `css` (one entry per comma-separated selector), with nested rules resolved
 * against their parent (`&`) and `@keyframes` steps left out. Comments are removed first.
 */
export function styleSelectors(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const found: string[] = [];
  // Each open block: the selectors of a style rule, 'at' for a grouping at-rule, 'skip' for @keyframes and its steps.
  const stack: Array<string[] | 'at' | 'skip'> = [];
  let start = 0;
  let depth = 0; // parentheses and brackets in a prelude
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (ch === '"' || ch === "'") {
      const end = text.indexOf(ch, i + 1);
      i = end < 0 ? text.length : end;
    } else if (depth === 0 && ch === ';') start = i + 1;
    else if (depth === 0 && ch === '}') {
      stack.pop();
      start = i + 1;
    } else if (depth === 0 && ch === '{') {
      const prelude = text.slice(start, i).trim();
      start = i + 1;
      if (stack.includes('skip') || /^@keyframes\b/.test(prelude)) {
        stack.push('skip');
        continue;
      }
      if (prelude.startsWith('@')) {
        stack.push('at');
        continue;
      }
      const parent = [...stack].reverse().find((block): block is string[] => Array.isArray(block));
      const own = splitTopLevel(prelude, ',').map((s) => s.trim());
      const resolved = parent
        ? parent.flatMap((p) => own.map((s) => (s.includes('&') ? s.replaceAll('&', p) : `${p} ${s}`)))
        : own;
      found.push(...resolved);
      stack.push(resolved);
    }
  }
  return found;
}

/** `text` split at each top-level `separator` (not inside parentheses or brackets). */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (depth === 0 && ch === separator) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** The classes a selector (or any CSS text) names, wherever they stand in it. */
function classesIn(selector: string): string[] {
  return [...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]);
}

/** The classes of a selector's subject: its last compound that names a class, outside any functional pseudo-class. */
export function subjectClasses(selector: string): string[] {
  let flat = selector;
  // Drop parenthesised arguments (context) and attribute values, innermost first.
  for (let before = ''; before !== flat; ) {
    before = flat;
    flat = flat.replace(/\([^()]*\)/g, '').replace(/\[[^[\]]*\]/g, '');
  }
  const compounds = flat.split(/\s*[\s>+~]\s*/).filter(Boolean);
  for (let i = compounds.length - 1; i >= 0; i--) {
    const classes = classesIn(compounds[i]);
    if (classes.length > 0) return classes;
  }
  return [];
}

/** Whether `node` stands inside a JSX `className` attribute. */
function inClassName(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node; at; at = at.parent) {
    if (ts.isJsxAttribute(at)) return at.name.getText() === 'className';
  }
  return false;
}

/** Marks a word of {@link stringWords} that is the fixed start of class names built at run time. */
const PREFIX = '\u0000prefix:';

/** The words of every string in a component file: its class names among them. */
function stringWords(file: string): Set<string> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const words = new Set<string>();
  const visit = (node: ts.Node): void => {
    const isText = ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node);
    // A selector (`'.session-tab.is-selected'`) finds elements another component drew; it draws nothing.
    if (isText && !/(^|[\s>+~(,])[.#][_a-zA-Z]/.test(node.text)) {
      for (const word of node.text.split(/\s+/)) if (word) words.add(word);
      // `status-${kind}`, `md-h${level}`: every class that starts with the fixed part is drawn here.
      // Only a fragment that ends in `-`, or one inside a className (`md-h${level}`): `${n} session${s}` draws nothing.
      const prefix = /(?:^|\s)(-?[_a-zA-Z][\w-]*)$/.exec(node.text);
      const built = prefix && (prefix[1].endsWith('-') || inClassName(node));
      if (built && (ts.isTemplateHead(node) || ts.isTemplateMiddle(node))) words.add(`${PREFIX}${prefix[1]}`);
    }
    if (ts.isJsxText(node)) return;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return words;
}

/** The relative module paths a file imports. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]);
}

const cssFiles = filesUnder(SRC, ['.css']);
const codeFiles = filesUnder(SRC, ['.tsx', '.ts']);
const stylesheetOf = new Map(codeFiles.map((f) => [f, f.replace(/\.tsx?$/, '.css')]));
const hasStylesheet = (file: string) => cssFiles.includes(stylesheetOf.get(file) ?? '');

/** The code file a relative import names, if it is one of ours. */
function importedFile(from: string, spec: string): string | undefined {
  return [`${spec}.tsx`, `${spec}.ts`].map((s) => resolve(dirname(from), s)).find((f) => codeFiles.includes(f));
}

/**
 * A stylesheet's owners: its component, the stylesheet-less components of its folder that component brings in,
 * and the plain modules (`.ts`) any of them import, which may hand them class names (terminal-text.ts's `ansi-*`).
 */
function ownersOf(cssFile: string): Set<string> {
  const owners = new Set<string>();
  const component = cssFile.replace(/\.css$/, '.tsx');
  const queue = codeFiles.includes(component) ? [component] : [];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (owners.has(file)) continue;
    owners.add(file);
    for (const spec of importsOf(file)) {
      const target = importedFile(file, spec);
      if (!target) continue;
      const helper = target.endsWith('.ts');
      const sameFolderComponent = dirname(target) === dirname(file) && !hasStylesheet(target);
      if (helper || sameFolderComponent) queue.push(target);
    }
  }
  return owners;
}

const styled: StyledSelector[] = cssFiles.flatMap((file) =>
  styleSelectors(readFileSync(file, 'utf8')).map((selector) => ({ file, selector })),
);
const baseClasses = new Set(styled.filter((s) => dirname(s.file) === BASE).flatMap((s) => classesIn(s.selector)));
const styledClasses = new Set(styled.flatMap((s) => classesIn(s.selector)));
const usersOf = new Map<string, Set<string>>();
for (const file of codeFiles) {
  for (const word of stringWords(file)) {
    const prefix = word.startsWith(PREFIX) ? word.slice(PREFIX.length) : null;
    const drawn = prefix ? [...styledClasses].filter((c) => c.startsWith(prefix)) : [word];
    for (const name of drawn) {
      if (!styledClasses.has(name)) continue;
      const users = usersOf.get(name) ?? new Set<string>();
      users.add(file);
      usersOf.set(name, users);
    }
  }
}

/** The classes a selector names before its subject, nearest first, outside any functional pseudo-class. */
function contextClasses(selector: string): string[] {
  const subject = subjectClasses(selector);
  let flat = selector;
  for (let before = ''; before !== flat; ) {
    before = flat;
    flat = flat.replace(/\([^()]*\)/g, '').replace(/\[[^[\]]*\]/g, '');
  }
  const compounds = flat.split(/\s*[\s>+~]\s*/).filter(Boolean);
  const last = compounds.findLastIndex((c) => classesIn(c).length > 0 && classesIn(c).join() === subject.join());
  return compounds.slice(0, Math.max(last, 0)).reverse().flatMap(classesIn);
}

/** Every rule that styles a class from a file that does not own it, as `file: selector (why)` lines. */
function violations(): string[] {
  const found: string[] = [];
  const owners = new Map(cssFiles.map((f) => [f, ownersOf(f)]));
  for (const { file, selector } of styled) {
    if (dirname(file) === BASE) continue;
    const subject = subjectClasses(selector);
    if (subject.length === 0) continue;
    const mine = owners.get(file) as Set<string>;
    const drawnHere = (c: string) => [...(usersOf.get(c) ?? [])].some((u) => mine.has(u));
    const baseOnly = subject.every((c) => baseClasses.has(c));
    // A base element (`.button`) may be refined inside an element of the owner's own: the nearest class around it
    // that is not a base class must be the owner's.
    const nearest = contextClasses(selector).find((c) => !baseClasses.has(c));
    const ok = baseOnly ? nearest !== undefined && drawnHere(nearest) : subject.some((c) => !baseClasses.has(c) && drawnHere(c));
    if (ok) continue;
    const users = [...new Set(subject.flatMap((c) => [...(usersOf.get(c) ?? [])]))].map((u) => relative(SRC, u));
    const why = baseOnly ? `a base class inside .${nearest ?? 'nothing of its own'}` : `drawn by ${users.join(', ') || 'no component'}`;
    found.push(`${relative(SRC, file)}: ${selector} (${why})`);
  }
  return found;
}

describe('renderer stylesheets', () => {
  it('reads the rules of every stylesheet', () => {
    expect(styleSelectors('.a, .b:is(.c, .d) > li { x: 1 } @media (x) { .e { y: 2 } } @keyframes k { from { z: 0 } }')).toEqual([
      '.a',
      '.b:is(.c, .d) > li',
      '.e',
    ]);
    expect(styleSelectors('.p { &:hover { x: 1 } .q { y: 2 } }')).toEqual(['.p', '.p:hover', '.p .q']);
    expect(subjectClasses('.app.queue-empty .queue-panel:not(.x) > li')).toEqual(['queue-panel']);
    expect(styled.length).toBeGreaterThan(500);
  });

  it('style each class only in the stylesheet beside the component that draws it', () => {
    expect(violations()).toEqual([]);
  });
});
