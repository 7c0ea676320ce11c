/**
 * Playwright fixtures: a fresh harness per test (the real core and real agent processes in Node, the built
 * renderer served on loopback), and a page opened on it with its access token.
 */
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { startHarness, type Harness, type HarnessOptions } from '../../electron/harness/server';
import type { AgentsConfig } from '../../electron/core/config/config';
import { memoryAppSettings } from '../../electron/core/app-settings';

const DEMO = { id: 'demo', name: 'Demo agent', builtin: 'demo' as const, args: [], env: { DEMO_STREAM_MS: '0' } };

/** The window sizes every layout is checked at (brief: 640, 800 and 1440 px wide), as [width, height]. */
export const REVIEW_WINDOWS = [
  [640, 700],
  [800, 600],
  [1440, 900],
] as const;

/** A config with the demo agent under one or more names; `env` is passed to each. */
export function demoAgents(names: string[] = ['Demo agent'], env: Record<string, string> = {}): AgentsConfig {
  return {
    agents: names.map((name, i) => ({ ...DEMO, id: i === 0 ? 'demo' : `demo-${i + 1}`, name, env: { ...DEMO.env, ...env } })),
    urlMode: 'app-window',
  };
}

interface Fixtures {
  /** Override per test with `test.use({ agentsConfig: … })`. */
  agentsConfig: AgentsConfig;
  /**
   * `test.use({ updatableCopy: true })`: the hub's preferences host stands for main's in an installed copy that can
   * update (no "never checks" reason); by default the harness is what it is, a copy that never updates.
   */
  updatableCopy: boolean;
  /**
   * `test.use({ urlOpensRecordedOnly: true })`: the harness as the CLI runs it, whose URL cards say nothing opened;
   * by default the recorded opens stand for the app's window, which the tests play (electron/harness/server.ts).
   */
  urlOpensRecordedOnly: boolean;
  /** The harness's log lines and the page's bridge socket events, attached to a test that fails. */
  harnessLog: string[];
  /**
   * Starts a harness for this test (a spec that restarts one calls it again). Every harness it started is closed only
   * after the test's browser context, so what Playwright records of a failed test's page at its end (the
   * error-context snapshot, the trace's last frames) is a page whose harness is still up: closed first, every such
   * page said "Lost the connection… Reconnecting…", after the log was attached.
   */
  startHarness: (options: HarnessOptions) => Promise<Harness>;
  harness: Harness;
  app: Page;
}

export const test = base.extend<Fixtures>({
  agentsConfig: [demoAgents(), { option: true }],
  updatableCopy: [false, { option: true }],
  urlOpensRecordedOnly: [false, { option: true }],
  // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  harnessLog: async ({}, use) => {
    await use([]);
  },
  // eslint-disable-next-line no-empty-pattern
  startHarness: async ({}, use) => {
    const started: Harness[] = [];
    await use(async (options) => {
      const harness = await startHarness(options);
      started.push(harness);
      return harness;
    });
    await Promise.all(started.map((harness) => harness.close()));
  },
  // The built-in context, set up after startHarness so that it is torn down (and the page's end recorded) before the
  // harnesses close: Playwright tears fixtures down in the reverse of their setup order.
  context: async ({ startHarness: _harnessesCloseAfterThisContext, context }, use) => {
    await use(context);
  },
  harness: async ({ agentsConfig, updatableCopy, urlOpensRecordedOnly, harnessLog, startHarness }, use) => {
    if (!existsSync(resolve('out/renderer/index.html')) || !existsSync(resolve('out/main/demo-agent.js'))) {
      throw new Error('The app is not built: run `npm run build` first (npm test does).');
    }
    // Agents start while the page loads, as they once did: the specs' waits for "Ready" were sized for that, and
    // under load (from source, each connection worker compiles its TypeScript) the app's order left them short.
    // The app's order is the CLI's and the bench's; test/integration/start-order.test.ts covers it.
    const harness = await startHarness({
      config: agentsConfig,
      defaultCwd: '/tmp',
      startAgents: 'atOnce',
      log: (line) => harnessLog.push(`${clock()} ${line}`),
      urlOpensStandForTheApp: !urlOpensRecordedOnly,
      ...(updatableCopy ? { appSettings: memoryAppSettings(null) } : {}),
    });
    await use(harness); // closed by startHarness, after the page
  },
  app: async ({ page, harness, harnessLog }, use, testInfo) => {
    // The bridge socket's life as the page saw it, beside the harness's log: what a failed test needs to tell a
    // lost connection from a slow one.
    page.on('websocket', (socket) => {
      harnessLog.push(`${clock()} page: bridge socket opened`);
      socket.on('socketerror', (error) => harnessLog.push(`${clock()} page: bridge socket error: ${error}`));
      socket.on('close', () => harnessLog.push(`${clock()} page: bridge socket closed`));
    });
    page.on('pageerror', (error) => harnessLog.push(`${clock()} page error: ${error.message}`));
    await page.goto(harness.pageUrl);
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('harness-log', { body: harnessLog.join('\n'), contentType: 'text/plain' });
    }
  },
});

export { expect };

/** The time of day to the millisecond, UTC, for the lines of a failed test's harness log. */
function clock(): string {
  return new Date().toISOString().slice(11, 23);
}

/** Selects an agent in the sidebar once it is ready, starts a session, and sends `text` as the prompt. */
export async function startSessionAndPrompt(page: Page, agentName: string, text: string): Promise<void> {
  const sidebar = page.getByRole('navigation', { name: 'Agents' });
  await sidebar.getByRole('button', { name: new RegExp(`^${agentName}`) }).click();
  await expect(sidebar.getByText('Ready').first()).toBeVisible();
  await page.getByRole('button', { name: 'New session' }).click();
  const composer = page.getByRole('textbox', { name: 'Message', exact: true });
  await composer.fill(text);
  await composer.press('Enter');
}

/**
 * Switchboard's own actions (Add agent, Import from Zed, MCP servers, Settings), drawn at the sidebar's foot but
 * outside its navigation, after the panes in Tab order (renderer/src/agents/AgentSidebar.tsx, AppActions).
 */
export function appActions(page: Page) {
  return page.getByRole('region', { name: 'Switchboard' });
}

/** The narrow window's Session / Requests switch (below 761 px with a request waiting). */
export function paneTabs(page: Page) {
  return page.getByRole('tablist', { name: 'Show' });
}

/** In a narrow window, waits for the switch and shows the Requests pane (wider windows show both: do not call). */
export async function showRequests(page: Page): Promise<void> {
  const tab = paneTabs(page).getByRole('tab', { name: /^Requests/ });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** The queue card of a request from `agentName` (the first one if several). */
export function card(page: Page, agentName: string) {
  return page.getByRole('article', { name: `Request from ${agentName}` }).first();
}

/**
 * Reads one of the harness's records (`GET /__harness/<name>`), with its access token (test/harness/server.ts).
 */
export async function harnessRecord<T>(request: APIRequestContext, harness: Harness, name: string): Promise<T> {
  const response = await request.get(`${harness.origin}/__harness/${name}`, { headers: harness.authHeaders });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

/** Plays the user closing item `itemId`'s URL-mode window (`POST /__harness/close`, token and Origin). */
export async function harnessCloseWindow(request: APIRequestContext, harness: Harness, itemId: string): Promise<void> {
  const response = await request.post(`${harness.origin}/__harness/close?itemId=${encodeURIComponent(itemId)}`, {
    headers: { ...harness.authHeaders, origin: harness.origin },
  });
  expect(response.status()).toBe(204);
}
