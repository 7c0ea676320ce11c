/**
 * The user's PATH as their login shell sets it, for an app started from the macOS Finder or Dock: such an app
 * inherits launchd's PATH (`/usr/bin:/bin:/usr/sbin:/sbin`), which has no `npx` or `node`, so no npm-based
 * agent could start (docs/agents.md "How the command is found").
 *
 * Read once, asynchronously, when the core loads; a launch waits for it only while it is still being read, and
 * never longer than {@link LOGIN_SHELL_TIMEOUT_MS}. Any failure leaves the PATH as it was.
 */
import { spawn } from 'node:child_process';

/**
 * How long the login shell may take, in ms. An interactive login shell runs the user's profile and rc files
 * (nvm, conda and prompt frameworks can take a second or two); past this, agents start with the PATH we have
 * rather than wait on a shell that may never finish.
 */
export const LOGIN_SHELL_TIMEOUT_MS = 4000;

/** The most output kept from the shell, in bytes: a PATH is a few hundred; more means something else printed. */
export const LOGIN_SHELL_MAX_BYTES = 64 * 1024;

/** The PATH launchd gives an app started from the Finder or Dock. */
export const LAUNCHD_PATH = '/usr/bin:/bin:/usr/sbin:/sbin';

/**
 * Marks the PATH in the shell's output, so whatever the user's rc files print around it is left out. It starts
 * with a character no shell takes as part of a variable name or a subscript, so `$PATH<mark>` reads PATH in sh,
 * bash, zsh and fish alike.
 */
export const LOGIN_SHELL_PATH_MARK = '<switchboard-path>';
const MARK = LOGIN_SHELL_PATH_MARK;

/** Where the shell comes from and how long it may take; tests pass a fake shell and a short timeout. */
export interface LoginShellOptions {
  /** The login shell to run (normally `$SHELL`). */
  shell: string;
  timeoutMs?: number;
  maxBytes?: number;
  env?: NodeJS.ProcessEnv;
}

/**
 * Runs `<shell> -ilc` to print `$PATH` and resolves with it, or with undefined when the shell failed, timed out
 * (its process group is killed), printed more than `maxBytes`, or printed something that is not a list of
 * absolute folders. Never rejects.
 */
export function readLoginShellPath(options: LoginShellOptions): Promise<string | undefined> {
  const { shell, timeoutMs = LOGIN_SHELL_TIMEOUT_MS, maxBytes = LOGIN_SHELL_MAX_BYTES } = options;
  return new Promise((resolve) => {
    let settled = false;
    const chunks: Buffer[] = [];
    let bytes = 0;
    const child = spawn(shell, ['-ilc', `printf '%s' "${MARK}$PATH${MARK}"`], {
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'ignore'],
      // Its own group, so a timeout ends whatever the rc files started too.
      detached: true,
    });
    const finish = (path: string | undefined): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      child.stdout.destroy();
      resolve(path);
    };
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    child.once('error', () => finish(undefined));
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > maxBytes) return finish(undefined);
      chunks.push(chunk);
    });
    child.once('close', (code) => finish(code === 0 ? extractPath(Buffer.concat(chunks).toString('utf8')) : undefined));
  });
}

/** The PATH between the first two marks, if it is a `:`-separated list of absolute folders without control characters. */
function extractPath(output: string): string | undefined {
  const start = output.indexOf(MARK);
  const end = output.indexOf(MARK, start + MARK.length);
  if (start < 0 || end <= start) return undefined;
  const path = output.slice(start + MARK.length, end);
  // eslint-disable-next-line no-control-regex
  if (path === '' || /[\u0000-\u001f\u007f]/.test(path)) return undefined;
  return path.split(':').every((dir) => dir === '' || dir.startsWith('/')) ? path : undefined;
}

/** Where the login shell PATH stands: not needed, being read, or read (undefined when reading failed). */
export type LoginShellPathState = { kind: 'unneeded' } | { kind: 'reading'; done: Promise<string | undefined> } | { kind: 'read'; path: string | undefined };

/**
 * Reads the login shell PATH at most once, and only where it is needed: on macOS when PATH is launchd's
 * minimal one (or unset) and `SHELL` names a shell.
 */
export class LoginShellPath {
  private state: LoginShellPathState | undefined;

  constructor(
    private readonly platform: NodeJS.Platform = process.platform,
    private readonly env: NodeJS.ProcessEnv = process.env,
    private readonly read: (options: LoginShellOptions) => Promise<string | undefined> = readLoginShellPath,
  ) {}

  /** Starts reading if it is needed and has not started yet; returns at once. */
  start(): void {
    void this.current();
  }

  /** The state now, starting the read on first call. */
  current(): LoginShellPathState {
    if (this.state) return this.state;
    const shell = this.env.SHELL;
    const minimal = this.env.PATH === undefined || this.env.PATH === '' || this.env.PATH === LAUNCHD_PATH;
    if (this.platform !== 'darwin' || !minimal || !shell?.startsWith('/')) return (this.state = { kind: 'unneeded' });
    const done = this.read({ shell, env: this.env }).then((path) => {
      this.state = { kind: 'read', path };
      return path;
    });
    return (this.state = { kind: 'reading', done });
  }
}

/** This app's one reader. */
export const loginShellPath = new LoginShellPath();
