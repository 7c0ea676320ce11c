// Shared by the layout specs: the parts of the window they measure, and how they measure them.
import type { Locator, Page } from '@playwright/test';
import { expect, paneTabs } from './fixtures';

// Layout at every width from 640 px, measured: bounding boxes, not pictures. At 800×600 the
// transcript keeps at least half the height whatever is waiting, and the card keeps its header and actions on
// screen while its body scrolls; below 761 px the session and the requests take turns under a switch; no width
// from 640 to 1920 leaves a blank region; a notice never moves the session.

/** The parts of the window the layout specs measure, found by role and name as a person finds them. */
export const transcript = (page: Page) => page.getByRole('log', { name: 'Transcript' });
export const composer = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Agents' });
export const requestsTab = (page: Page) => paneTabs(page).getByRole('tab', { name: /^Requests/ });
export const sessionTab = (page: Page) => paneTabs(page).getByRole('tab', { name: 'Session' });
export const notices = (page: Page) => page.getByRole('status', { name: 'Notices' });

/** The accessible names (else tags) of the controls on screen that `cover` overlaps, outside it. */
export async function controlsUnder(cover: Locator): Promise<string[]> {
  return cover.evaluate((strip) => {
    const area = strip.getBoundingClientRect();
    const selector = 'button, a[href], input, select, textarea, [tabindex]:not([tabindex="-1"]), [role="tab"]';
    return Array.from(document.querySelectorAll<HTMLElement>(selector))
      .filter((el) => !strip.contains(el) && el.checkVisibility({ visibilityProperty: true }))
      .filter((el) => {
        const b = el.getBoundingClientRect();
        return b.width > 0 && b.height > 0 && b.left < area.right && area.left < b.right && b.top < area.bottom && area.top < b.bottom;
      })
      .map((el) => el.getAttribute('aria-label') ?? (el.textContent?.trim() || el.tagName));
  });
}

/** The top and height of each named part, by name. */
export async function boxesOf(parts: Record<string, Locator>) {
  const out: Record<string, { y: number; height: number }> = {};
  for (const [name, locator] of Object.entries(parts)) out[name] = await box(locator);
  return out;
}

/** The request the demo agent makes for each prompt, and the buttons its card must keep on screen. */
export const WAITING = [
  { prompt: 'form', kind: 'a form', buttons: ['Review', 'Decline', 'Cancel'] },
  { prompt: 'url', kind: 'a URL card', buttons: ['Open', 'Decline', 'Cancel'] },
  { prompt: 'permission', kind: 'a permission', buttons: ['Allow once', 'Reject', 'Cancel'] },
] as const;

/** The bounding box of `locator`; the test fails when it is not laid out. */
export async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, 'the element is laid out').not.toBeNull();
  return b!;
}

/** Every pixel of `locator` is inside the window. */
export async function expectOnScreen(locator: Locator, what: string): Promise<void> {
  const b = await box(locator);
  const size = locator.page().viewportSize()!;
  expect(b.y, `${what}: top edge`).toBeGreaterThanOrEqual(-0.5);
  expect(b.x, `${what}: left edge`).toBeGreaterThanOrEqual(-0.5);
  expect(b.y + b.height, `${what}: bottom edge`).toBeLessThanOrEqual(size.height + 0.5);
  expect(b.x + b.width, `${what}: right edge`).toBeLessThanOrEqual(size.width + 0.5);
}

/** `inner` lies inside `outer` (to the pixel) and shows all of its text (nothing cut by an ellipsis or overflow). */
export async function expectWhole(inner: Locator, outer: Locator, what: string): Promise<void> {
  const a = await box(inner);
  const b = await box(outer);
  expect(a.x, `${what}: left edge`).toBeGreaterThanOrEqual(b.x - 0.5);
  expect(a.x + a.width, `${what}: right edge`).toBeLessThanOrEqual(b.x + b.width + 0.5);
  const { scroll, client } = await inner.evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
  expect(scroll, `${what} is cut off`).toBeLessThanOrEqual(client + 1);
}

/** Whether two boxes share any pixel. */
export function overlap(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
}
