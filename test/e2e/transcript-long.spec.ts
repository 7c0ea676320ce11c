import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
// @ts-expect-error -- a plain .mjs fixture shared with the scripted agent; its shapes are documented there.
import { chunkText } from '../fixtures/bench-lines.mjs';

// A long transcript is virtualised (only what is in view is drawn), follows the newest text,
// lets the user scroll back, select and copy, and its markdown (a chunk loaded when first needed) loads under the
// app's Content-Security-Policy. The scripted bench agent streams the replies (test/fixtures/bench-agent.mjs).

const TURNS = 25;

test.use({
  agentsConfig: {
    agents: [{ id: 'bench', name: 'Bench agent', command: process.execPath, args: [resolve('test/fixtures/bench-agent.mjs')], env: { BENCH_PROTOCOL: '2' } }],
    urlMode: 'off',
  },
});

function transcript(page: Page) {
  return page.getByRole('log', { name: 'Transcript' });
}

test('a long transcript draws only what is in view, follows the newest text, and scrolls back to select and copy', async ({ app }) => {
  const cspViolations: string[] = [];
  app.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  const sidebar = app.getByRole('navigation', { name: 'Agents' });
  await sidebar.getByRole('button', { name: /^Bench agent/ }).click();
  await expect(sidebar.getByText('Ready').first()).toBeVisible();
  await app.getByRole('button', { name: 'New session' }).click();
  const composer = app.getByRole('textbox', { name: 'Message', exact: true });
  for (let turn = 0; turn < TURNS; turn++) {
    await composer.fill(`stream 80 turn-${turn}`);
    await composer.press('Enter');
    await expect(transcript(app)).toContainText(`turn-${turn}`);
    await expect(transcript(app)).not.toHaveAttribute('aria-busy');
  }

  const log = transcript(app);
  // Following: the newest reply is in view. Virtualised: the first turns are not in the DOM at all.
  await expect(log.getByText(`stream 80 turn-${TURNS - 1}`)).toBeInViewport();
  await expect(log.getByText('stream 80 turn-0', { exact: true })).toHaveCount(0);
  const drawn = await log.locator('[data-index]').count();
  expect(drawn).toBeLessThan(TURNS * 2);
  // Markdown is drawn (its chunk loaded): each reply's paragraphs are paragraphs, and the CSP refused nothing.
  await expect(log.locator('.md p').first()).toBeVisible();
  expect(cspViolations).toEqual([]);

  // The user scrolls back to the start: the first turn is drawn, and "Jump to latest" is offered.
  await log.hover();
  for (let i = 0; i < 200 && !(await log.getByText('stream 80 turn-0', { exact: true }).isVisible()); i++) await app.mouse.wheel(0, -4000);
  const first = log.getByText('stream 80 turn-0', { exact: true });
  await expect(first).toBeInViewport();
  await expect(app.getByRole('button', { name: /Jump to latest/ })).toBeVisible();

  // Selecting and copying works as on any page: what is copied is what is selected.
  await app.evaluate(() => {
    document.addEventListener('copy', () => ((window as unknown as { copied: string }).copied = String(window.getSelection())));
  });
  await first.click({ clickCount: 3 });
  expect(await app.evaluate(() => String(window.getSelection()))).toContain('stream 80 turn-0');
  await app.keyboard.press('Control+C');
  expect(await app.evaluate(() => (window as unknown as { copied?: string }).copied)).toContain('stream 80 turn-0');

  await app.getByRole('button', { name: /Jump to latest/ }).click();
  await expect(log.getByText(`stream 80 turn-${TURNS - 1}`)).toBeInViewport();
});

// A request that arrives with streamed text is drawn first, with the transcript as it is on screen, and
// that text follows once the card has painted (renderer/src/state/model/draw-schedule.ts). Here the stream's last lines
// and the request reach the app together and nothing else comes after them (the turn waits for the answer). In a
// narrow window the session's pane stays in front and the card is not drawn, so no "seen" mark redraws the window
// either: the end of the reply is drawn only if the text held back for the request's frame is drawn after it.
test('the text that came with a request is drawn once its card is', async ({ app }) => {
  await app.setViewportSize({ width: 640, height: 700 });
  const sidebar = app.getByRole('navigation', { name: 'Agents' });
  await sidebar.getByRole('button', { name: /^Bench agent/ }).click();
  await expect(sidebar.getByText('Ready').first()).toBeVisible();
  await app.getByRole('button', { name: 'New session' }).click();
  const composer = app.getByRole('textbox', { name: 'Message', exact: true });
  const chunks = 4000;
  await composer.fill(`stream ${chunks} ask`);
  await composer.press('Enter');
  await expect(app.getByRole('tab', { name: 'Requests (1)' })).toBeVisible();
  const lastParagraph = Array.from({ length: 40 }, (_, k) => chunkText(chunks - 40 + k) as string).join('').trim();
  await expect(transcript(app).locator('.md p').last()).toHaveText(lastParagraph);
});
