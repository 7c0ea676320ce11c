/** axe-core for the e2e specs: the checks every screen must pass (issue 12 scope 10). */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The impacts a screen must have none of. Moderate joined serious and critical in session 21, after a sweep of the
 * main screens found one moderate violation (Switchboard's own actions in no landmark, axe `region`) and fixed it;
 * minor ones are left to review.
 */
const FAILING_IMPACTS = new Set(['moderate', 'serious', 'critical']);

/**
 * axe-core's moderate, serious and critical violations on the page as it is now, as readable lines (none expected).
 * `except` names rules a caller knows to fail there, each with its reason at the call site.
 */
export async function axeViolations(page: Page, except: string[] = []): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const { violations } = await (except.length ? builder.disableRules(except) : builder).analyze();
  return violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? ''))
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}
