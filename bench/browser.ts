/**
 * Which browser the renderer and start-up scenarios run in (issue 13, scope 1d and 1e), and which one runs beside it
 * for comparison. Plain logic with the file check passed in, so it is unit-tested in Node.
 *
 * The product's renderer is Electron's: Chromium's content layer with none of Chrome's own renderer features. Full
 * Chromium adds Chrome's autofill and password-manager agent, which rescans the page's forms while the page
 * changes: 58 scans, 233 ms over one stream, 10–30 ms inside about a third of the cards' windows (docs/performance-log.md,
 * "Session 27"). Chromium's headless shell, the browser Playwright itself runs headless by default, is the content layer
 * without them, so the targets are judged there when it is installed, and full Chromium runs beside it as a reference.
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
  /** Whether Chrome's own renderer features (autofill and password scans) are absent, as in Electron. */
  electronLike: boolean;
}

/** The judged browser, the reference run beside it (none when there is nothing else to compare), and a note for the log. */
export interface BenchBrowsers {
  judged: BenchBrowser;
  reference?: BenchBrowser;
  /** Said once at the start of a run when the judged figures are not the Electron-like ones. */
  note?: string;
}

const HEADLESS_SHELL: BenchBrowser = { label: "Chromium's headless shell", executablePath: HEADLESS_SHELL_PATH, electronLike: true };
const FULL_CHROMIUM: BenchBrowser = { label: "Debian's full Chromium", executablePath: FULL_CHROMIUM_PATH, electronLike: false };

/**
 * Chooses the browsers: `CHROMIUM_PATH` when set (that browser alone, as the e2e suite honours it); else Debian's
 * headless shell, judged, with Debian's full Chromium as the reference when both are installed; else full Chromium,
 * judged, with a note saying what it adds; else Playwright's own headless build (its headless shell).
 * @param env where `CHROMIUM_PATH` is read (process.env in the bench).
 * @param exists whether a file exists (node:fs `existsSync` in the bench).
 */
export function chooseBenchBrowsers(env: Record<string, string | undefined> = process.env, exists: (path: string) => boolean = existsSync): BenchBrowsers {
  const chosen = env.CHROMIUM_PATH;
  if (chosen) {
    const electronLike = chosen.endsWith('headless-shell');
    return { judged: { label: `the browser at CHROMIUM_PATH (${chosen})`, executablePath: chosen, electronLike } };
  }
  const hasShell = exists(HEADLESS_SHELL_PATH);
  const hasFull = exists(FULL_CHROMIUM_PATH);
  if (hasShell) return { judged: HEADLESS_SHELL, ...(hasFull ? { reference: FULL_CHROMIUM } : {}) };
  if (hasFull) {
    return {
      judged: FULL_CHROMIUM,
      note:
        `${HEADLESS_SHELL_PATH} is not installed, so the renderer is judged in full Chromium, whose autofill scans Electron does not have ` +
        '(they added 10–20 ms to the card p95 in paired runs). For the Electron-like figures: apt-get install chromium-headless-shell.',
    };
  }
  return { judged: { label: "Playwright's headless Chromium", executablePath: undefined, electronLike: true } };
}
