/**
 * Which browser the renderer and start-up scenarios run in, and which one runs beside it
 * for comparison. Plain logic with the file check passed in, so it is unit-tested in Node.
 *
 * The product's renderer is Electron's: Chromium's content layer without Chrome's browser layer. Full Chromium adds
 * that layer, and in it Chrome's form-scanning autofill and password-manager agent, which rescans the page's forms
 * while the page changes (a trace found it inside about a third of the cards' windows;
 * Electron's own autofill agent only shows `<datalist>` suggestions). Chromium's headless shell, the browser Playwright
 * itself runs headless by default, is the content layer without it, so the targets are judged there when it is
 * installed, and full Chromium runs beside it as a reference (docs/performance.md says what each gives).
 */
import { existsSync } from 'node:fs';

/** Debian's package of Chromium's headless shell (`apt-get install chromium-headless-shell`). */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
/** Debian's full Chromium, the e2e suite's browser (playwright.config.ts). */
export const FULL_CHROMIUM_PATH = '/usr/bin/chromium';

/** One browser the bench can launch. */
export interface BenchBrowser {
  /** What the report calls it, e.g. "Chromium's headless shell". */
  label: string;
  /** Passed to Playwright's `launch`; undefined launches Playwright's own headless build (its headless shell). */
  executablePath: string | undefined;
  /** Whether Chrome's browser layer (its form-scanning autofill among it) is absent, as in Electron. */
  electronLike: boolean;
}

/** The judged browser, the reference run beside it (none when there is nothing else to compare), and a note for the log. */
export interface BenchBrowsers {
  judged: BenchBrowser;
  reference?: BenchBrowser;
  /** Said at the start of a run (and kept in bench/results.json) when the judged browser is not the Electron-like one. */
  note?: string;
}

/** What the figures in full Chromium carry; docs/performance.md ("Card painted") has the paired runs' figures. */
const FULL_CHROMIUM_COST = 'whose browser layer (Chrome\'s form-scanning autofill among it) Electron does not have: it put the card p95 higher in paired runs';

const HEADLESS_SHELL: BenchBrowser = { label: "Chromium's headless shell", executablePath: HEADLESS_SHELL_PATH, electronLike: true };
const FULL_CHROMIUM: BenchBrowser = { label: "Debian's full Chromium", executablePath: FULL_CHROMIUM_PATH, electronLike: false };

/**
 * Chooses the browsers: `CHROMIUM_PATH` when set (that browser alone, as the e2e suite honours it); else Debian's
 * headless shell, judged, with Debian's full Chromium as the reference when both are installed; else full Chromium,
 * judged, with a note saying what it adds; else Playwright's own headless build (its headless shell).
 * @param env where `CHROMIUM_PATH` is read (process.env in the bench).
 * @param exists whether a file exists (node:fs `existsSync` in the bench).
 * @throws Error naming the path when `CHROMIUM_PATH` names no file.
 */
export function chooseBenchBrowsers(env: Record<string, string | undefined> = process.env, exists: (path: string) => boolean = existsSync): BenchBrowsers {
  const chosen = env.CHROMIUM_PATH;
  if (chosen) {
    if (!exists(chosen)) throw new Error(`bench: CHROMIUM_PATH names ${chosen}, which does not exist`);
    // Known by its file name only (Debian's, Playwright's and Windows' headless shells end so); any other is taken for full Chromium.
    const electronLike = /headless[-_]shell(\.exe)?$/i.test(chosen);
    const judged = { label: `the browser at CHROMIUM_PATH (${chosen})`, executablePath: chosen, electronLike };
    return electronLike ? { judged } : { judged, note: `CHROMIUM_PATH is not a headless shell, so the renderer and start-up are judged in a full browser, ${FULL_CHROMIUM_COST}.` };
  }
  const hasShell = exists(HEADLESS_SHELL_PATH);
  const hasFull = exists(FULL_CHROMIUM_PATH);
  if (hasShell) return { judged: HEADLESS_SHELL, ...(hasFull ? { reference: FULL_CHROMIUM } : {}) };
  if (hasFull) {
    return {
      judged: FULL_CHROMIUM,
      note: `${HEADLESS_SHELL_PATH} is not installed, so the renderer and start-up are judged in full Chromium, ${FULL_CHROMIUM_COST}. For the Electron-like figures: apt-get install chromium-headless-shell.`,
    };
  }
  return { judged: { label: "Playwright's headless Chromium", executablePath: undefined, electronLike: true } };
}

/**
 * How long a browser may take to start (ms). Playwright's own default is 3 minutes; a browser that has not started in
 * 30 s on this machine will not, and a reference that hangs must not hold the run up that long.
 */
export const LAUNCH_TIMEOUT_MS = 30_000;

/**
 * Playwright launch options for `which`: the e2e project's options for this machine's closed network
 * (playwright.config.ts), with `which`'s executable in place of the e2e suite's, always headless, bounded by
 * {@link LAUNCH_TIMEOUT_MS}.
 */
export function launchOptionsFor<T extends { executablePath?: string }>(which: BenchBrowser, e2eOptions: T | undefined): T & { executablePath: string | undefined; headless: true; timeout: number } {
  return { ...(e2eOptions ?? ({} as T)), executablePath: which.executablePath, headless: true, timeout: LAUNCH_TIMEOUT_MS };
}

/**
 * Why a browser failed, in one line: Playwright's first line, and what says the cause: the last line the browser
 * itself logged (a missing library, a bad flag), or else the call log's line on how the process ended. Colour codes
 * are dropped and each part cut to 200 characters.
 */
export function failureLine(error: unknown): string {
  // eslint-disable-next-line no-control-regex -- Playwright colours its call log with ANSI escapes
  const text = (error instanceof Error ? error.message : String(error)).replace(/\u001b\[[0-9;]*m/g, '');
  const lines = text.split('\n').map((line) => line.trim());
  const first = (lines[0] || 'unknown error').slice(0, 200);
  const logsAt = lines.indexOf('Browser logs:');
  const callAt = lines.indexOf('Call log:');
  const logged = logsAt < 0 ? [] : lines.slice(logsAt + 1, callAt > logsAt ? callAt : undefined).filter((line) => line && !/^<(launching|launched)>/.test(line));
  const ended = callAt < 0 ? undefined : lines.slice(callAt + 1).find((line) => /process did exit/.test(line))?.replace(/^- /, '');
  const cause = logged.at(-1) ?? ended;
  return cause ? `${first} (${cause.slice(0, 200)})` : first;
}
