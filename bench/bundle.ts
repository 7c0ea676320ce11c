/**
 * Scenario (f): the renderer bundle as built — the JavaScript the page loads at start (the entry script and its
 * modulepreloads, read from `out/renderer/index.html`) and everything else that loads later, minified and gzipped.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleResult {
  /** Loaded at start, in bytes. */
  initialBytes: number;
  initialGzipBytes: number;
  /** Loaded when first needed (lazy chunks). */
  lazyBytes: number;
  lazyGzipBytes: number;
  /** Whether the entry is minified: fewer than one line break per 1000 bytes (readable output has one per ~40). */
  minified: boolean;
  files: Array<{ file: string; bytes: number; gzipBytes: number; initial: boolean }>;
}

export function benchBundle(rendererDir = resolve('out/renderer')): BundleResult {
  const html = readFileSync(join(rendererDir, 'index.html'), 'utf8');
  const initial = new Set([...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\.?\/?([^"]+\.js)"/g)].map((m) => m[1]));
  const assets = readdirSync(join(rendererDir, 'assets')).filter((f) => f.endsWith('.js'));
  const files = assets.map((name) => {
    const file = `assets/${name}`;
    const body = readFileSync(join(rendererDir, file));
    return { file, bytes: body.length, gzipBytes: gzipSync(body).length, initial: initial.has(file) };
  });
  const sum = (list: typeof files, key: 'bytes' | 'gzipBytes') => list.reduce((total, f) => total + f[key], 0);
  const start = files.filter((f) => f.initial);
  const later = files.filter((f) => !f.initial);
  const entry = start[0] ? readFileSync(join(rendererDir, start[0].file), 'utf8') : '';
  return {
    initialBytes: sum(start, 'bytes'),
    initialGzipBytes: sum(start, 'gzipBytes'),
    lazyBytes: sum(later, 'bytes'),
    lazyGzipBytes: sum(later, 'gzipBytes'),
    minified: entry.length > 0 && entry.split('\n').length < entry.length / 1000,
    files,
  };
}
