// Layout polish, each point measured: counts, pinned buttons, dialogs, badges and the session's compact bar.
import { axeViolations } from './axe';
import { appActions, card, demoAgents, expect, startSessionAndPrompt, test, REVIEW_WINDOWS } from './fixtures';
import { composer, sidebar, requestsTab, box, expectOnScreen, expectWhole, overlap } from './layout-fixture';

// Layout polish, each point measured.
test.describe('layout polish, each point measured', () => {
  test.use({ agentsConfig: demoAgents(['Demo agent', 'Beta']) });

  test('“Waiting for you (N)” and its “1 new” pill are whole inside the sidebar at 640, 800 and 1440 px', async ({ app }) => {
    // At 640 px the session pane is in front as the request arrives, so its card is not seen yet; then another
    // agent is shown, so its card is not drawn at the wider widths either.
    await app.setViewportSize({ width: 640, height: 700 });
    await startSessionAndPrompt(app, 'Demo agent', 'form');
    await expect(requestsTab(app)).toBeVisible();
    await sidebar(app).getByRole('button', { name: 'Beta', exact: true }).click();
    const entry = sidebar(app).locator('.waiting-entry').first();
    const pill = entry.locator('.new-tag');
    for (const [width, height] of REVIEW_WINDOWS) {
      await app.setViewportSize({ width, height });
      await expect(pill).toHaveText('1 new');
      await expectWhole(pill, entry, `the “1 new” pill at ${width} px`);
      await expectWhole(entry.getByRole('button', { name: 'Waiting for you (1)' }), entry, `Waiting for you (1) at ${width} px`);
      await expectWhole(entry, sidebar(app), `the Waiting for you row at ${width} px`);
    }
  });

  test('at 800 px a second card keeps its buttons at its end, and pins them once enough of it is in view', async ({ app }) => {
    await app.setViewportSize({ width: 800, height: 600 });
    await startSessionAndPrompt(app, 'Demo agent', 'two');
    const cards = app.getByRole('article', { name: 'Request from Demo agent' });
    await expect(cards).toHaveCount(2);
    const second = cards.nth(1);
    await expect(second).toContainText('Question 2 of 2');
    // Its footer floated right under its header, over its own body (it was sticky to the queue's bottom edge).
    const body = await box(second.locator('.card-body'));
    const actions = await box(second.locator('.card-actions'));
    expect(actions.y, 'the second card’s buttons come after its body').toBeGreaterThanOrEqual(body.y + body.height - 0.5);
    await expect(second).not.toHaveAttribute('data-actions-pinned');
    // A tall card further down (a form from a second session), scrolled to the top of the queue's view: now its
    // buttons stay in view while its body scrolls, and the cards above it no longer pin theirs.
    await app.getByRole('button', { name: /^New/ }).click();
    await expect(app.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: /^Session 2/ })).toBeVisible({ timeout: 15_000 });
    await composer(app).fill('form');
    await composer(app).press('Enter');
    await expect(cards).toHaveCount(3);
    const tall = cards.nth(2);
    await expect(tall).not.toHaveAttribute('data-actions-pinned');
    const queueBody = app.getByRole('complementary').locator('.queue-body');
    await tall.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await queueBody.evaluate((el) => el.scrollBy({ top: 40 }));
    await expect(tall).toHaveAttribute('data-actions-pinned', '');
    await expect(app.locator('[data-actions-pinned]')).toHaveCount(1);
    const view = await box(queueBody);
    const review = await box(tall.getByRole('button', { name: 'Review' }));
    expect(review.y + review.height, 'Review inside the queue’s view').toBeLessThanOrEqual(view.y + view.height + 0.5);
    expect(review.y, 'Review inside the queue’s view').toBeGreaterThanOrEqual(view.y);
  });

  test('at 800 px a permission’s options and Cancel take two rows, not three', async ({ app }) => {
    await app.setViewportSize({ width: 800, height: 600 });
    await startSessionAndPrompt(app, 'Demo agent', 'permission');
    const request = card(app, 'Demo agent');
    const tops = new Set<number>();
    for (const name of ['Allow once', 'Always allow', 'Reject', 'Cancel']) tops.add(Math.round((await box(request.getByRole('button', { name, exact: true }))).y));
    expect(tops.size, 'rows of buttons').toBeLessThanOrEqual(2);
    for (const name of ['Allow once', 'Always allow', 'Reject', 'Cancel']) {
      await expectWhole(request.getByRole('button', { name, exact: true }), request, `${name} in the card`);
    }
  });

  test('the Add agent dialog keeps Save and Cancel on screen at 640×700 while its fields scroll', async ({ app }) => {
    await app.setViewportSize({ width: 640, height: 700 });
    await appActions(app).getByRole('button', { name: 'Add agent' }).click();
    const dialog = app.getByRole('dialog', { name: 'Agent settings' });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((el) => el.scrollHeight > el.clientHeight + 40), 'the dialog is taller than the window').toBe(true);
    const save = dialog.getByRole('button', { name: 'Save' });
    for (const at of ['top', 'bottom'] as const) {
      if (at === 'bottom') await dialog.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await expectOnScreen(save, `Save with the dialog scrolled to the ${at}`);
      await expectOnScreen(dialog.getByRole('button', { name: 'Cancel' }), `Cancel with the dialog scrolled to the ${at}`);
      // Nothing of the body shows below the footer.
      const frame = await box(dialog);
      const footer = await box(dialog.locator('.modal-actions'));
      expect(frame.y + frame.height - (footer.y + footer.height), `room under the footer, scrolled to the ${at}`).toBeLessThanOrEqual(2);
    }
    // The last field can still be reached and is not hidden under the footer.
    const last = dialog.getByRole('textbox', { name: /Working folder/ });
    await last.focus();
    const field = await box(last);
    expect(field.y + field.height, 'the last field above the footer').toBeLessThanOrEqual((await box(dialog.locator('.modal-actions'))).y + 0.5);
    expect(await axeViolations(app)).toEqual([]);
  });

  test('the sign-in keeps the agent header to one line at 1440 px; its description unfolds on request', async ({ app }) => {
    await app.setViewportSize({ width: 1440, height: 900 });
    await sidebar(app).getByRole('button', { name: /^Demo agent/ }).click();
    const signIn = app.getByRole('button', { name: 'Sign in with Demo sign-in' });
    await expect(signIn).toBeVisible();
    const header = app.getByRole('main').locator('.agent-header');
    expect((await box(header)).height, 'the agent header’s height (it was 105 px)').toBeLessThanOrEqual(72);
    // spec E-REQ-7: what the agent reported is said to be its own word (an agent called
    // itself "Switchboard (system)", and the header showed that under its name as if Switchboard said it).
    await expect(header).toContainText(/Calls itself switchboard-demo-agent, version \d/);
    // The description stays the button's, for assistive tech, folded or not.
    await expect(signIn).toHaveAccessibleDescription(/Sign in to the demo service/);
    const about = app.getByRole('button', { name: 'About signing in with Demo sign-in' });
    await expect(about).toHaveAttribute('aria-expanded', 'false');
    const description = app.getByText(/^Sign in to the demo service/);
    await expect(description).toBeHidden();
    // From the keyboard: Tab from the sign-in button, Enter unfolds, Enter again folds.
    await signIn.focus();
    await app.keyboard.press('Tab');
    await expect(about).toBeFocused();
    await app.keyboard.press('Enter');
    await expect(about).toHaveAttribute('aria-expanded', 'true');
    await expect(description).toBeVisible();
    // Unfolded, it is a panel over the bars below, inside the window: the header keeps its one line.
    expect((await box(header)).height, 'the agent header’s height with the description unfolded').toBeLessThanOrEqual(72);
    await expectOnScreen(description, 'the unfolded description');
    expect(await axeViolations(app)).toEqual([]);
    await app.keyboard.press('Enter');
    await expect(description).toBeHidden();
    // Escape folds it too, and focus stays on the "?".
    await app.keyboard.press('Enter');
    await expect(description).toBeVisible();
    await app.keyboard.press('Escape');
    await expect(description).toBeHidden();
    await expect(about).toBeFocused();
    // A click anywhere else folds it too (it used to stay over the bars below).
    await about.click();
    await expect(description).toBeVisible();
    await header.getByRole('heading', { name: 'Demo agent' }).click();
    await expect(description).toBeHidden();
    await expect(about).toHaveAttribute('aria-expanded', 'false');
    // A click inside the description leaves it open (it is there to be read, and selected).
    await about.click();
    await description.click();
    await expect(description).toBeVisible();
    await about.click();
    await expect(description).toBeHidden();
    // At 800×600 beside a request the header is one row too, and the panel stays inside the window.
    await app.setViewportSize({ width: 800, height: 600 });
    await startSessionAndPrompt(app, 'Demo agent', 'form');
    await expect(card(app, 'Demo agent')).toBeVisible();
    await about.click();
    await expect(description).toBeVisible();
    await expectOnScreen(description, 'the unfolded description at 800×600');
    expect((await box(header)).height, 'the agent header’s height at 800×600').toBeLessThanOrEqual(48);
  });

  test('History at 1440 px fills the middle with where a chosen session opens, not a blank', async ({ app }) => {
    await app.setViewportSize({ width: 1440, height: 900 });
    await startSessionAndPrompt(app, 'Demo agent', 'plan');
    await sidebar(app).getByRole('button', { name: 'History' }).click();
    const history = app.getByRole('region', { name: 'History' });
    await expect(history.getByRole('region', { name: 'Demo agent' })).toBeVisible();
    const placeholder = history.getByText('Choose a session to read it here.');
    await expect(placeholder).toBeVisible();
    const main = await box(app.getByRole('main'));
    const list = await box(history.locator('.history-list-column'));
    const rest = await box(history.locator('.history-detail-empty'));
    expect(rest.x, 'the placeholder starts at the list’s edge').toBeCloseTo(list.x + list.width, 0);
    expect(rest.x + rest.width, 'and reaches the session area’s right edge').toBeCloseTo(main.x + main.width, 0);
    // History's own header is one line: its title and the search.
    expect((await box(history.locator('.history-head'))).height, 'History’s own header').toBeLessThanOrEqual(60);
    // Choosing a session puts it there.
    await history.getByRole('button', { name: /plan/ }).first().click();
    await expect(placeholder).toHaveCount(0);
    // The chosen session's header took 188 px at 800 px. Compact now: the title and
    // its actions, then the facts and the state on one line (two rows and the actions at narrower widths).
    const head = history.locator('.history-detail-head');
    await expect(head.getByRole('button', { name: 'Go to session' })).toBeVisible();
    expect((await box(head)).height, 'the chosen session’s header at 1440×900').toBeLessThanOrEqual(90);
    await app.setViewportSize({ width: 800, height: 600 });
    await expect(head.getByRole('button', { name: 'Back to history' })).toBeVisible();
    expect((await box(head)).height, 'the chosen session’s header at 800×600').toBeLessThanOrEqual(120);
  });

  // With nothing from the selected agent, the column spent 280 px at 800 px on
  // "Nothing waiting". Now narrow, it says so plainly and leads to the other agent's request; its landmark and
  // heading keep the agent's name for screen readers.
  test('an agent with nothing waiting gets a narrow Requests column that leads to the other agents’ requests', async ({ app }) => {
    await app.setViewportSize({ width: 800, height: 600 });
    await startSessionAndPrompt(app, 'Beta', 'form');
    await expect(card(app, 'Beta')).toBeVisible();
    await sidebar(app).getByRole('button', { name: /^Demo agent/ }).click();
    const requests = app.getByRole('complementary', { name: 'Requests from Demo agent' });
    await expect(requests.getByRole('heading', { name: 'Requests from Demo agent' })).toBeAttached();
    await expect(requests).toContainText('No requests from Demo agent.');
    expect((await box(requests)).width, 'the idle Requests column at 800 px').toBeLessThanOrEqual(200);
    expect((await box(app.getByRole('main'))).width, 'the session’s room').toBeGreaterThanOrEqual(420);
    await expectWhole(requests.getByRole('button', { name: 'Next waiting request' }), requests, 'Next waiting request');
    await requests.getByRole('button', { name: 'Beta: 1 request waiting' }).click();
    await expect(card(app, 'Beta')).toBeVisible();
    expect((await box(app.getByRole('complementary'))).width, 'a column with a card in it').toBeGreaterThanOrEqual(280);
  });

  test('at 640 px the Requests tab and the queue’s heading count the same requests', async ({ app }) => {
    await app.setViewportSize({ width: 640, height: 700 });
    await startSessionAndPrompt(app, 'Beta', 'form');
    await startSessionAndPrompt(app, 'Demo agent', 'form');
    await expect(requestsTab(app)).toHaveAccessibleName('Requests (2)');
    await requestsTab(app).click();
    // The pane shows Demo agent's request and points at Beta's: the heading says both numbers.
    const count = app.getByRole('complementary').locator('.queue-head-count');
    await expect(count).toHaveText('1 request waiting here, 2 in all');
    await expect(requestsTab(app)).toHaveAttribute('title', '2 requests waiting from every agent');
    await card(app, 'Demo agent').getByRole('button', { name: 'Decline' }).click();
    await expect(requestsTab(app)).toHaveAccessibleName('Requests (1)');
    await expect(count).toHaveText('1 waiting from other agents');
  });

  test('at 800 px with many sessions and a request, the tabs scroll beside the folder box and never cover it', async ({ app }) => {
    test.setTimeout(60_000);
    await app.setViewportSize({ width: 800, height: 600 });
    await sidebar(app).getByRole('button', { name: /^Demo agent/ }).click();
    await expect(sidebar(app).getByText('Ready').first()).toBeVisible();
    const tabs = app.getByRole('navigation', { name: 'Sessions' });
    for (let n = 1; n <= 6; n++) {
      await app.getByRole('button', { name: 'New session' }).click();
      await expect(tabs.getByRole('button', { name: new RegExp(`^Session ${n}`) })).toBeVisible({ timeout: 15_000 });
    }
    await composer(app).fill('form');
    await composer(app).press('Enter');
    await expect(card(app, 'Demo agent')).toBeVisible();
    const main = await box(app.getByRole('main'));
    const strip = await box(tabs.getByRole('list'));
    const folder = await box(app.getByLabel('Working folder'));
    const newSession = await box(app.getByRole('button', { name: 'New session' }));
    expect(folder.width, 'the folder box keeps room for its path').toBeGreaterThanOrEqual(90);
    expect(overlap(strip, folder), 'the tabs cover the folder box').toBe(false);
    expect(overlap(newSession, folder), 'New session covers the folder box').toBe(false);
    expect(newSession.x + newSession.width, 'New session inside the session area').toBeLessThanOrEqual(main.x + main.width + 0.5);
    // The strip scrolls: the selected tab is the one in view, whole.
    expect(await tabs.getByRole('list').evaluate((el) => el.scrollWidth > el.clientWidth), 'the tabs scroll').toBe(true);
    const selected = await box(tabs.getByRole('button', { name: /^form/ }));
    expect(selected.x).toBeGreaterThanOrEqual(strip.x - 0.5);
    expect(selected.x + selected.width).toBeLessThanOrEqual(strip.x + strip.width + 0.5);
  });
});

test.describe('notices, tabs and badges that read as meant', () => {
  test.use({ agentsConfig: demoAgents(['Demo agent', 'Beta']) });

  // The sidebar's "not seen yet" dot sat over the corner of the count and hid part of it.
  test('the unseen dot sits beside an agent’s count, not on it', async ({ app }) => {
    await startSessionAndPrompt(app, 'Beta', 'form');
    await expect(card(app, 'Beta')).toBeVisible();
    await sidebar(app).getByRole('button', { name: /^Demo agent/ }).click();
    await startSessionAndPrompt(app, 'Beta', 'two');
    await sidebar(app).getByRole('button', { name: /^Demo agent/ }).click();
    const badge = sidebar(app).locator('li', { has: app.getByRole('button', { name: 'Beta', exact: true }) }).locator('.badge.has-new');
    await expect(badge).toBeVisible();
    const dot = await badge.evaluate((el) => {
      const after = getComputedStyle(el, '::after');
      return { left: parseFloat(after.left), width: parseFloat(after.width), content: after.content };
    });
    expect(dot.content, 'the dot is drawn').not.toBe('none');
    expect(dot.left + dot.width, 'the dot’s right edge, from the count’s left edge').toBeLessThanOrEqual(-1);
  });
});

test.describe('compact headers and bars that keep their room', () => {
  test.describe('800×600 beside a request', () => {
    test.use({ viewport: { width: 800, height: 600 } });

    test('the session’s bar is one line, and its settings open from one button with the keyboard alone', async ({ app }) => {
      await startSessionAndPrompt(app, 'Demo agent', 'form');
      await expect(card(app, 'Demo agent')).toBeVisible();
      const bar = app.locator('.session-header');
      await expect(bar).toContainText('Waiting for you');
      // One line of controls (it wrapped to two, 58 px, before): the state, Show it and the settings' button.
      expect((await box(bar)).height, 'the session bar’s height').toBeLessThanOrEqual(44);
      const menu = bar.getByRole('button', { name: 'Session settings' });
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await expect(app.getByRole('combobox', { name: 'Mode', exact: true })).toBeHidden();
      await menu.focus();
      await app.keyboard.press('Enter');
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      const mode = app.getByRole('combobox', { name: 'Mode', exact: true });
      await expectOnScreen(mode, 'Mode in the open settings');
      await expectOnScreen(app.getByRole('switch', { name: 'Fast replies' }), 'Fast replies in the open settings');
      await app.keyboard.press('Tab');
      await expect(mode).toBeFocused();
      await app.keyboard.press('Escape');
      await expect(mode).toBeHidden();
      await expect(menu).toBeFocused();
      // A click anywhere else folds the panel away, as a popover does.
      await menu.click();
      await expect(mode).toBeVisible();
      await app.getByRole('textbox', { name: 'Message', exact: true }).click();
      await expect(mode).toBeHidden();
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
    });
  });

  test.describe('1440×900', () => {
    test.use({ viewport: { width: 1440, height: 900 } });

    test('a session state that changes width moves none of the session’s settings', async ({ app }) => {
      await startSessionAndPrompt(app, 'Demo agent', 'form');
      const bar = app.locator('.session-header');
      await expect(bar).toContainText('Waiting for you');
      // Beside the Requests column the pickers wait behind one button at the bar's end (with usage
      // and Show it the bar wrapped to two lines here).
      const mode = bar.getByRole('button', { name: 'Session settings' });
      // Measured from the bar's right end: the Requests column may close on Stop and widen the session.
      const place = async () => {
        const [m, b] = [await box(mode), await box(bar)];
        return { fromRight: b.x + b.width - m.x, y: m.y - b.y };
      };
      await app.getByRole('button', { name: 'Stop' }).click();
      // spec E-STATE-1: how the turn ended, in plain words.
      await expect(bar).toContainText('Stopped by you');
      await expect(bar).toContainText('tokens');
      const stoppedAt = await place();
      // The next turn waits for the user again: a wider state, and Show it beside it.
      await composer(app).fill('form');
      await composer(app).press('Enter');
      await expect(bar).toContainText('Waiting for you');
      await expect(bar.getByRole('button', { name: /Show it$/ })).toBeVisible();
      const waitingAt = await place();
      expect(waitingAt.fromRight, 'the settings’ place after the state changed').toBe(stoppedAt.fromRight);
      expect(waitingAt.y, 'the settings’ line after the state changed').toBe(stoppedAt.y);
      // One line with the state, Show it, the folder and the usage, and the pickers one Enter away.
      await expect(bar).toContainText('tokens');
      expect((await box(bar)).height, 'the session bar’s height at 1440×900 beside a request').toBeLessThanOrEqual(44);
      await mode.press('Enter');
      await expect(app.getByRole('combobox', { name: 'Mode', exact: true })).toBeVisible();
      await app.keyboard.press('Escape');
      await expect(mode).toBeFocused();
    });

    test('without a request the session bar shows its pickers on its one line', async ({ app }) => {
      await startSessionAndPrompt(app, 'Demo agent', 'plan');
      const bar = app.locator('.session-header');
      await expect(bar).toContainText('tokens');
      await expect(bar.getByRole('combobox', { name: 'Mode', exact: true })).toBeVisible();
      expect((await box(bar)).height, 'the session bar’s height at 1440×900').toBeLessThanOrEqual(44);
    });
  });
});
