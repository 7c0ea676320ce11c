/** axe-core for the e2e specs: the checks every screen must pass. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The impacts a screen must have none of. Serious, critical and moderate: the main screens have no moderate
 * violation either (Switchboard's own actions sit in a landmark, axe `region`); minor ones are left to judgement.
 */
const FAILING_IMPACTS = new Set(['moderate', 'serious', 'critical']);

/**
 * axe-core's moderate, serious and critical violations on the page as it is now, as readable lines (none expected).
 * `except` names rules a caller knows to fail there, each with its reason at the call site.
 */
export async function axeViolations(page: Page, except: string[] = []): Promise<string[]> {
  await finiteAnimationsDone(page);
  const builder = new AxeBuilder({ page });
  const { violations } = await (except.length ? builder.disableRules(except) : builder).analyze();
  return violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? ''))
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

/** The longest a screen's finite animations are waited for before it is checked (ms); the app's own are 120–200 ms. */
const ANIMATIONS_WAIT_MS = 2_000;

/**
 * Waits until the page's finite animations and transitions have ended (spinners, which never end, are left alone).
 * axe reads colours as they are at that instant: a button fading from its disabled grey to its primary colour (120 ms,
 * controls.css) was read mid-fade on a loaded machine and reported as low contrast.
 */
async function finiteAnimationsDone(page: Page): Promise<void> {
  await page.evaluate(async (waitMs) => {
    const finite = document.getAnimations().filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity));
    await Promise.race([Promise.allSettled(finite.map((animation) => animation.finished)), new Promise((done) => setTimeout(done, waitMs))]);
  }, ANIMATIONS_WAIT_MS);
}
