import type { Page } from '@playwright/test';
import { demoAgents, expect, test, startSessionAndPrompt } from './fixtures';

// A transcript pinned to its newest text stays pinned through
// layout shifts (rows measured, the markdown chunk loading, the composer growing), through a reload, and through
// clicks on controls inside it; only the user's own scroll up unpins it, and "Jump to latest" or sending a message
// pins it again.

/** Within this many pixels of the end counts as at the newest text (Transcript.tsx's NEAR_BOTTOM_PX). */
const NEAR_BOTTOM_PX = 48;

function transcript(page: Page) {
  return page.getByRole('log', { name: 'Transcript' });
}

function jumpToLatest(page: Page) {
  return page.getByRole('button', { name: /Jump to latest/ });
}

/** Pixels between the bottom of the view and the end of the transcript. */
async function distanceFromEnd(page: Page): Promise<number> {
  return transcript(page).evaluate((e) => e.scrollHeight - e.scrollTop - e.clientHeight);
}

/** Waits until the transcript is at its end and stays there for a few frames (layout settles after a reload). */
async function expectPinned(page: Page): Promise<void> {
  await expect.poll(() => distanceFromEnd(page)).toBeLessThan(NEAR_BOTTOM_PX);
  await page.waitForTimeout(1000);
  expect(await distanceFromEnd(page)).toBeLessThan(NEAR_BOTTOM_PX);
  await expect(jumpToLatest(page)).toHaveCount(0);
}

/** The index of the newest transcript row drawn (the virtualizer's `data-index`: its place in the whole transcript). */
async function newestRowIndex(page: Page): Promise<number> {
  return transcript(page).evaluate((e) => Math.max(-1, ...Array.from(e.querySelectorAll('[data-index]'), (row) => Number(row.getAttribute('data-index')))));
}

/** A transcript several screens long, ending with the records of a declined and a cancelled request. */
async function fillWithRecords(page: Page): Promise<void> {
  await startSessionAndPrompt(page, 'Demo agent', 'plan');
  const log = transcript(page);
  const composer = page.getByRole('textbox', { name: 'Message', exact: true });
  await expect(log).toContainText('All three steps are done', { timeout: 15_000 });
  await expect(log).not.toHaveAttribute('aria-busy');
  for (let i = 0; i < 3; i++) {
    // Not busy right after Enter can be before the turn began (a CI run then sent 'two' into the running turn):
    // the turn is over when the newest row is past the ones before and holds the plan's last sentence.
    const before = await newestRowIndex(page);
    await composer.fill('plan');
    await composer.press('Enter');
    await expect.poll(() => newestRowIndex(page), { timeout: 15_000 }).toBeGreaterThan(before + 1);
    await expect(log.locator('[data-index]').last()).toContainText('All three steps are done', { timeout: 15_000 });
    await expect(log).not.toHaveAttribute('aria-busy', { timeout: 15_000 });
  }
  await composer.fill('two');
  await composer.press('Enter');
  const cards = page.getByRole('article', { name: 'Request from Demo agent' });
  await cards.filter({ hasText: 'Question 1 of 2' }).getByRole('button', { name: 'Decline' }).click();
  await cards.filter({ hasText: 'Question 2 of 2' }).getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(log).toContainText('Question 2 (lunch): You cancelled.');
  await expect(log).not.toHaveAttribute('aria-busy');
  expect(await log.evaluate((e) => e.scrollHeight / e.clientHeight)).toBeGreaterThan(3);
}

/** {@link fillWithRecords}, then checked to be at its end: the transcript, pinned. */
async function pinnedWithRecords(page: Page) {
  await fillWithRecords(page);
  await expectPinned(page);
  return transcript(page);
}

/** The user's wheel scrolls the transcript up from its end, which unpins it. */
async function scrollUp(page: Page): Promise<void> {
  await transcript(page).hover();
  await page.mouse.wheel(0, -600);
  await expect(jumpToLatest(page)).toBeVisible();
}

test.describe('following the newest text', () => {
  // Each test first streams four plan turns and a pair of requests: slow on a loaded 2-core machine.
  test.slow();
  test.beforeEach(async ({ app }) => {
    await app.setViewportSize({ width: 1440, height: 900 });
  });

  // After a reload the transcript opened ~1,400 px above the end with "Jump to
  // latest": the page clock restarts at 0 on load, and the first 800 ms of layout shifts read as the user's scroll.
  test('after a reload it opens at the newest text and follows the next reply', async ({ app }) => {
    await pinnedWithRecords(app);
    await app.reload();
    await expect(transcript(app)).toContainText('Question 2 (lunch): You cancelled.');
    await expectPinned(app);

    const composer = app.getByRole('textbox', { name: 'Message', exact: true });
    await composer.fill('plan');
    await composer.press('Enter');
    await expect(transcript(app)).not.toHaveAttribute('aria-busy', { timeout: 15_000 });
    await expect(transcript(app).getByText('All three steps are done').last()).toBeInViewport();
    await expectPinned(app);
  });

  // Clicking "Tell the agent why…" in a record scrolled the transcript up. A click on
  // a control inside the transcript is not a scroll, whatever layout it causes.
  test('a click on a control inside it keeps it pinned, and the reply to what it started is followed', async ({ app }) => {
    const log = await pinnedWithRecords(app);
    // A control in view (the newest record's button): the composer it opens shrinks the transcript just after the
    // click. (A control out of view would first have to be scrolled to, which unpins, as scrolling up does.)
    const explain = log.getByRole('button', { name: 'Tell the agent why…' }).last();
    await expect(explain).toBeInViewport();
    await explain.click();
    const composer = app.getByRole('textbox', { name: 'Message', exact: true });
    await expect(composer).toBeFocused();
    await expectPinned(app);
    await app.keyboard.insertText('I cannot see colours, and this reason is long enough to wrap the composer onto more lines.');
    await app.keyboard.press('Shift+Enter');
    await app.keyboard.insertText('A second line grows the composer and shrinks the transcript.');
    await expectPinned(app);
    await app.keyboard.press('Enter');
    await expect(log.getByText(/because I cannot see colours/)).toHaveCount(1);
    await expect(log).not.toHaveAttribute('aria-busy', { timeout: 15_000 });
    // The agent's answer to it (its list of scenarios) is the newest text, and it is in view.
    await expect(log.locator('[data-index]').last()).toBeInViewport();
    await expectPinned(app);
  });

  test('only the user scrolling up unpins it, and Jump to latest or the keyboard pins it again', async ({ app }) => {
    const log = await pinnedWithRecords(app);
    await scrollUp(app);
    expect(await distanceFromEnd(app)).toBeGreaterThan(NEAR_BOTTOM_PX);

    await jumpToLatest(app).click();
    await expectPinned(app);

    // The keyboard too: Jump to latest left focus on the transcript, and Page Up scrolls it back.
    await expect(log).toBeFocused();
    await app.keyboard.press('PageUp');
    await expect(jumpToLatest(app)).toBeVisible();
    await app.keyboard.press('End');
    await expectPinned(app);
  });

  // After scrolling up, the user sent a message and neither it nor the reply came
  // into view. Sending is looking at the end again, as in any chat.
  test('sending a message while scrolled up brings the view back to the end and follows the reply', async ({ app }) => {
    const log = await pinnedWithRecords(app);
    await scrollUp(app);

    const composer = app.getByRole('textbox', { name: 'Message', exact: true });
    await composer.fill('plan');
    await composer.press('Enter');
    await expect(jumpToLatest(app)).toHaveCount(0);
    await expect(log).not.toHaveAttribute('aria-busy', { timeout: 15_000 });
    await expect(log.getByText('All three steps are done').last()).toBeInViewport();
    await expectPinned(app);
  });

  // The follow rule of Transcript.tsx: moving focus back onto
  // an earlier control makes the browser scroll it into view; that is the user going back, so it unpins, and the
  // transcript must not jump back to the end under the focused control.
  test('Shift+Tab onto an earlier control unpins it, and the focused control stays in view', async ({ app }) => {
    const log = await pinnedWithRecords(app);
    await log.getByRole('button', { name: 'Tell the agent why…' }).last().focus();
    await expectPinned(app);
    // Back through the transcript's controls until one lies above the view, so the browser scrolls up to it.
    let moved = false;
    for (let i = 0; i < 40 && !moved; i++) {
      await app.keyboard.press('Shift+Tab');
      moved = (await distanceFromEnd(app)) > NEAR_BOTTOM_PX;
    }
    expect(moved).toBe(true);
    const focused = app.locator(':focus');
    expect(await focused.evaluate((e) => e.closest('[role="log"]') !== null)).toBe(true);
    // A few frames and the transcript's resize and scroll handlers later, it has not gone back to the end.
    await app.waitForTimeout(1000);
    await expect(focused).toBeInViewport();
    expect(await distanceFromEnd(app)).toBeGreaterThan(NEAR_BOTTOM_PX);
    await expect(jumpToLatest(app)).toBeVisible();
  });
});

// The transcript once stopped following while text streamed, with no scroll of
// their own. One cause: when the content's end comes up (here a thought closed) the browser clamps scrollTop, and
// when streamed text has grown the content again by the time that scroll event is dispatched, the view reads as
// moved up from the end. Only a gesture of the user's may unpin it; a click on a control is none.
test.describe('following a reply that streams at an agent\'s pace', () => {
  test.slow();
  test.use({ agentsConfig: demoAgents(['Demo agent'], { DEMO_STREAM_MS: '15' }) });

  test('opening and closing a thought while the reply streams never unpins it', async ({ app }) => {
    await app.setViewportSize({ width: 1440, height: 900 });
    const log = await pinnedWithRecords(app);
    const composer = app.getByRole('textbox', { name: 'Message', exact: true });
    await composer.fill('plan');
    await composer.press('Enter');
    const thought = log.locator('.entry-thought summary').last();
    // This turn's thought, at the end (the earlier turns' thoughts are far above, out of view).
    await expect(thought).toBeInViewport();
    // Open and close it while the markdown reply after it streams in (each close shrinks the content at its end).
    for (let i = 0; i < 12 && (await log.getAttribute('aria-busy')) === 'true'; i++) {
      await thought.click({ noWaitAfter: true });
      await app.waitForTimeout(40);
    }
    await expect(log).not.toHaveAttribute('aria-busy', { timeout: 15_000 });
    await expect(log.getByText('All three steps are done').last()).toBeInViewport();
    await expectPinned(app);
  });
});
