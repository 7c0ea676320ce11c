/**
 * The @-mention finder: the files of a session's folder whose path matches what the
 * user typed, fuzzily (`fzf`, the fzf algorithm), skipping what the folder's `.gitignore` files exclude
 * (`ignore`, the matcher eslint uses) and `.git` itself.
 *
 * Bounded: the walk stops after {@link MAX_LISTED_FILES} files or {@link MAX_WALK_MS}, whichever comes
 * first, and the listing is cached per folder for {@link LISTING_TTL_MS} so each keystroke does not walk.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { Fzf } from 'fzf';

/** Files listed per folder: a large monorepo's source files; past this the finder says it is partial. */
export const MAX_LISTED_FILES = 20_000;
/** Time one walk may take, in ms: the finder must answer while the user types. */
export const MAX_WALK_MS = 1500;
/** How long a listing is reused, in ms: long enough for one mention, short enough to see new files. */
export const LISTING_TTL_MS = 10_000;
/** Matches returned: what a dropdown shows. */
export const MAX_MATCHES = 50;

interface Listing {
  at: number;
  files: string[];
  truncated: boolean;
}

const listings = new Map<string, Listing>();

/** Paths relative to `root` (with `/`), best match first; an empty query lists the first files. */
export async function findFiles(root: string, query: string): Promise<{ paths: string[]; truncated: boolean }> {
  const listing = await listingOf(root);
  if (query.trim() === '') return { paths: listing.files.slice(0, MAX_MATCHES), truncated: listing.truncated };
  const fzf = new Fzf(listing.files, { limit: MAX_MATCHES });
  return { paths: fzf.find(query.trim()).map((entry) => entry.item), truncated: listing.truncated };
}

async function listingOf(root: string): Promise<Listing> {
  const cached = listings.get(root);
  if (cached && Date.now() - cached.at < LISTING_TTL_MS) return cached;
  const listing = await walk(root);
  listings.set(root, listing);
  // One cached listing per folder in use; forget stale ones so the cache cannot grow with folders visited.
  for (const [key, value] of listings) if (Date.now() - value.at > LISTING_TTL_MS) listings.delete(key);
  return listing;
}

/** Breadth-first, so the files nearest the root come first when the walk is cut short. */
async function walk(root: string): Promise<Listing> {
  const deadline = Date.now() + MAX_WALK_MS;
  const files: string[] = [];
  const queue: Array<{ dir: string; rules: Array<{ base: string; ig: Ignore }> }> = [{ dir: root, rules: [] }];
  while (queue.length) {
    const { dir, rules: inherited } = queue.shift()!;
    if (files.length >= MAX_LISTED_FILES || Date.now() > deadline) return { at: Date.now(), files, truncated: true };
    const rules = [...inherited];
    const gitignore = await readFile(join(dir, '.gitignore'), 'utf8').catch(() => undefined);
    if (gitignore !== undefined) rules.push({ base: dir, ig: ignore().add(gitignore) });
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (entry.name === '.git') continue;
      const full = join(dir, entry.name);
      const isDir = entry.isDirectory();
      if (!isDir && !entry.isFile()) continue; // links, sockets, devices: not offered
      if (rules.some(({ base, ig }) => ig.ignores(toPosix(relative(base, full)) + (isDir ? '/' : '')))) continue;
      if (isDir) queue.push({ dir: full, rules });
      else {
        files.push(toPosix(relative(root, full)));
        if (files.length >= MAX_LISTED_FILES) return { at: Date.now(), files, truncated: true };
      }
    }
  }
  return { at: Date.now(), files, truncated: false };
}

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}
