/**
 * Finds the program an agent's `command` names the way a shell would, and says how to spawn it without a shell
 * (docs/agents.md "How the command is found").
 *
 * - POSIX: a command with a `/` is used as given; a bare name is looked up in PATH, first executable file wins.
 * - Windows: a bare name is looked up in PATH with each PATHEXT extension (case-insensitive, in PATHEXT's order;
 *   the current folder is not searched). A `.exe`/`.com` is spawned directly. A `.cmd`/`.bat` cannot be: Node
 *   refuses to spawn batch files without a shell since its fix for CVE-2024-27980, so it runs as
 *   `cmd.exe /d /s /c "<command line>"` with every argument escaped for cmd (never `shell: true`).
 *
 * Plain Node; the platform, PATH, PATHEXT and the file check are parameters, so tests cover Windows and macOS
 * on any machine.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { posix, win32 } from 'node:path';

/** What resolution looks at. Each field defaults to this process's own value. */
export interface ResolveOptions {
  platform?: NodeJS.Platform;
  /** The PATH to search: the agent's own environment's, which may differ from ours. */
  path?: string;
  /** Windows only: the extensions to try, `;`-separated. Defaults to `.COM;.EXE;.BAT;.CMD`. */
  pathExt?: string;
  /** Windows only: the command interpreter for batch files (the ComSpec variable). Defaults to `cmd.exe`. */
  comSpec?: string;
  /** Where a relative command path is looked up: the agent's working folder. */
  cwd?: string;
  /** True when `path` is a file that can be run (POSIX: a regular file with an execute bit). */
  fileExists?: (path: string) => boolean;
}

/** How to spawn a resolved command: `spawn(file, args, { windowsVerbatimArguments })`. */
export interface ResolvedCommand {
  file: string;
  args: string[];
  /** True when `args` is a finished cmd.exe command line that Node must pass on untouched. */
  windowsVerbatimArguments: boolean;
}

/** What Windows uses when PATHEXT is unset. */
const DEFAULT_PATHEXT = '.COM;.EXE;.BAT;.CMD';

/** Extensions that only a command interpreter can run. */
const BATCH_FILE = /\.(cmd|bat)$/i;

/**
 * Characters cmd.exe treats specially outside quotes: separators, redirection, grouping, `%` and `!`
 * (variable expansion), `^` (its own escape) and `"` (which would switch its quote mode). Escaping every one
 * with `^` keeps cmd out of quote mode, so the escapes hold from the first character to the last.
 */
const CMD_META = /([()\][%!^"`<>&|;, *?=])/g;

/**
 * Finds the file `command` names, or undefined when there is none (the caller then spawns `command` as given,
 * so Node reports the failure as it always has). Never throws.
 */
export function findCommand(command: string, options: ResolveOptions = {}): string | undefined {
  const platform = options.platform ?? process.platform;
  const exists = options.fileExists ?? defaultFileExists(platform);
  if (platform !== 'win32') {
    if (command.includes('/')) return command;
    // An empty entry means "the current folder" to a shell; skipped so an agent's working folder cannot plant
    // a program under a familiar name.
    for (const dir of splitPath(options.path ?? process.env.PATH ?? '', ':')) {
      const candidate = posix.join(dir, command);
      if (exists(candidate)) return candidate;
    }
    return undefined;
  }
  const extensions = splitPath(options.pathExt ?? DEFAULT_PATHEXT, ';').map((ext) => ext.toLowerCase());
  const candidates = (base: string): string[] => {
    const own = win32.extname(base).toLowerCase();
    return [...(own && extensions.includes(own) ? [base] : []), ...extensions.map((ext) => base + ext)];
  };
  const dirs = /[\\/]/.test(command) ? [options.cwd ?? process.cwd()] : splitPath(options.path ?? process.env.PATH ?? '', ';');
  for (const dir of dirs) {
    for (const candidate of candidates(win32.resolve(dir, command))) {
      if (exists(candidate)) return candidate;
    }
  }
  return undefined;
}

/**
 * Resolves `command` and says how to spawn it (see the module comment), or undefined when it was not found.
 * @throws Error with a plain sentence when an argument for a batch file holds a line break, which no cmd.exe
 *   command line can carry.
 */
export function resolveCommand(command: string, args: readonly string[], options: ResolveOptions = {}): ResolvedCommand | undefined {
  const file = findCommand(command, options);
  if (file === undefined) return undefined;
  const platform = options.platform ?? process.platform;
  if (platform !== 'win32' || !BATCH_FILE.test(file)) return { file, args: [...args], windowsVerbatimArguments: false };
  if (args.some((arg) => /[\r\n]/.test(arg))) {
    throw new Error(`Could not start "${command}": one of its arguments holds a line break, which a .cmd or .bat file cannot be given.`);
  }
  return { file: options.comSpec || 'cmd.exe', args: ['/d', '/s', '/c', `"${cmdCommandLine(file, args)}"`], windowsVerbatimArguments: true };
}

/**
 * The command line cmd.exe runs for a batch file: the file and each argument escaped twice, since a batch file
 * that forwards `%*` or `%1` has cmd parse that text a second time.
 */
export function cmdCommandLine(file: string, args: readonly string[]): string {
  return [escapeForCmd(file, false), ...args.map((arg) => quoteForCmd(arg, true))].join(' ');
}

/**
 * One argument for a cmd.exe command line. First quoted for the C runtime's argument parser (Microsoft,
 * "Parsing C command-line arguments": backslashes are literal unless they precede a `"`, so those before a
 * quote and those at the end are doubled, and each `"` becomes `\"`), then every cmd metacharacter gets a `^`,
 * twice over when `forBatchFile` (the batch file's own parse removes one layer).
 */
export function quoteForCmd(arg: string, forBatchFile: boolean): string {
  const quoted = `"${arg.replace(/(\\*)"/g, '$1$1\\"').replace(/(\\*)$/, '$1$1')}"`;
  return escapeForCmd(quoted, forBatchFile);
}

function escapeForCmd(text: string, twice: boolean): string {
  const once = text.replace(CMD_META, '^$1');
  return twice ? once.replace(CMD_META, '^$1') : once;
}

/**
 * The variables resolution reads from an environment (Windows names are case-insensitive; the last spelling
 * wins, as the agent's own `env` is merged after ours).
 */
export function resolveOptionsFromEnv(env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform = process.platform): ResolveOptions {
  const read = (name: string): string | undefined => {
    if (platform !== 'win32') return env[name];
    let value: string | undefined;
    for (const [key, entry] of Object.entries(env)) if (key.toUpperCase() === name) value = entry;
    return value;
  };
  return { platform, path: read('PATH') ?? '', pathExt: read('PATHEXT'), comSpec: read('COMSPEC') };
}

/** PATH-like list entries, empty ones dropped; Windows entries may be quoted. */
function splitPath(list: string, separator: string): string[] {
  return list
    .split(separator)
    .map((entry) => (separator === ';' ? entry.trim().replace(/^"(.*)"$/, '$1') : entry))
    .filter((entry) => entry !== '');
}

function defaultFileExists(platform: NodeJS.Platform): (path: string) => boolean {
  return (path) => {
    try {
      if (!statSync(path).isFile()) return false;
      if (platform !== 'win32') accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
}
