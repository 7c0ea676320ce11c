/**
 * The main window's remembered size and position: parsing what was saved, and fitting it to the displays
 * there are now (a monitor may have been unplugged since). Plain maths and one small file; the glue in
 * main-window.ts reads the window and the displays.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** A rectangle in screen coordinates (DIPs), as Electron's `Rectangle`. */
export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What is remembered: the normal (not maximized) bounds, and whether the window was maximized. */
export interface WindowState {
  bounds: Bounds;
  maximized: boolean;
}

/** Size of a first window, and the smallest the main window may be (main-window.ts uses the same). */
export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 820 } as const;
export const MIN_WINDOW_SIZE = { width: 720, height: 480 } as const;
/** Larger than any display: a saved size beyond this is corrupt, not remembered. */
const MAX_WINDOW_EDGE = 16_384;
/** How much of the window's top edge must be on some display for the saved position to be kept, in DIPs. */
export const MIN_VISIBLE_TITLE_BAR = { width: 120, height: 32 } as const;

/** Reads a saved state; anything malformed (hand edits, a truncated write) gives null, never a throw. */
export function parseWindowState(text: string): WindowState | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { bounds, maximized } = value as { bounds?: Partial<Bounds>; maximized?: unknown };
  if (typeof bounds !== 'object' || bounds === null) return null;
  const { x, y, width, height } = bounds;
  const finite = [x, y, width, height].every((n) => typeof n === 'number' && Number.isFinite(n));
  if (!finite) return null;
  if (width! < MIN_WINDOW_SIZE.width || height! < MIN_WINDOW_SIZE.height || width! > MAX_WINDOW_EDGE || height! > MAX_WINDOW_EDGE) return null;
  return { bounds: { x: Math.round(x!), y: Math.round(y!), width: Math.round(width!), height: Math.round(height!) }, maximized: maximized === true };
}

function overlap(a: Bounds, b: Bounds): { width: number; height: number } {
  return {
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)),
  };
}

/**
 * Where to open the window. `workAreas` are the displays' work areas now, the primary first. The saved
 * bounds are kept when enough of the title bar is on one display to grab it; otherwise the saved size
 * (shrunk to the primary work area) opens centred there (no `x`/`y`: Electron centres). No saved state:
 * the default size, centred.
 */
export function placeWindow(saved: WindowState | null, workAreas: Bounds[]): { bounds: Partial<Bounds> & { width: number; height: number }; maximized: boolean } {
  const primary = workAreas[0];
  const fit = (size: { width: number; height: number }) => ({
    width: primary ? Math.max(MIN_WINDOW_SIZE.width, Math.min(size.width, primary.width)) : size.width,
    height: primary ? Math.max(MIN_WINDOW_SIZE.height, Math.min(size.height, primary.height)) : size.height,
  });
  if (!saved) return { bounds: fit(DEFAULT_WINDOW_SIZE), maximized: false };
  const titleBar: Bounds = { ...saved.bounds, height: MIN_VISIBLE_TITLE_BAR.height };
  const reachable = workAreas.some((area) => {
    const seen = overlap(titleBar, area);
    return seen.width >= MIN_VISIBLE_TITLE_BAR.width && seen.height >= MIN_VISIBLE_TITLE_BAR.height;
  });
  return { bounds: reachable ? saved.bounds : fit(saved.bounds), maximized: saved.maximized };
}

/** `<userData>/window-state.json`: read once at start, written (atomically) when the window moves or closes. */
export class WindowStateFile {
  constructor(private readonly path: string) {}

  /** The saved state, or null when there is none or it is unreadable. */
  load(): WindowState | null {
    try {
      return parseWindowState(readFileSync(this.path, 'utf8'));
    } catch {
      return null;
    }
  }

  /** Writes a temporary file and renames it over the old one, so a crash mid-write loses nothing. Throws on I/O errors. */
  save(state: WindowState): void {
    mkdirSync(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(state)}\n`);
    renameSync(temporary, this.path);
  }
}
