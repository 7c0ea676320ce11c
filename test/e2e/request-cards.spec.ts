import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { RecordedOpen } from '../../electron/harness/recording-url-opener';
import type { Harness } from '../../electron/harness/server';
import { axeViolations } from './axe';
import { card, expect, harnessRecord, showRequests, startSessionAndPrompt, test, REVIEW_WINDOWS } from './fixtures';

// Inside a request card: the header and the actions stay on screen however long the
// request, long content scrolls in regions of its own, Decline and Cancel say what they do, risk changes the
// default answer, and the card answers to Escape and Enter.

const transcript = (page: Page) => page.getByRole('log', { name: 'Transcript' });

function opened(request: APIRequestContext, harness: Harness): Promise<RecordedOpen[]> {
  return harnessRecord<RecordedOpen[]>(request, harness, 'opened');
}

/** The `long` scenario's form card (its URL card arrives beside it). */
function longForm(page: Page): Locator {
  return page.getByRole('article', { name: 'Request from Demo agent' }).filter({ hasText: 'Folders to clean' });
}

/** Whether `locator` lies entirely inside the window. */
async function fullyOnScreen(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = locator.page().viewportSize();
  if (!box || !size) return false;
  return box.y >= 0 && box.x >= 0 && box.y + box.height <= size.height + 0.5 && box.x + box.width <= size.width + 0.5;
}

async function sendPrompt(page: Page, text: string): Promise<void> {
  await expect(page.getByRole('button', { name: 'Stop' })).toBeDisabled();
  const composer = page.getByRole('textbox', { name: 'Message', exact: true });
  await composer.fill(text);
  await composer.press('Enter');
}

test.describe('a long request', () => {
  for (const [width, height] of REVIEW_WINDOWS) {
    test(`a 500 KB message folds and the header and buttons stay on screen at ${width}×${height}`, async ({ app }) => {
      test.setTimeout(60_000);
      await app.setViewportSize({ width, height });
      await startSessionAndPrompt(app, 'Demo agent', 'long');
      // At 640 px the requests are a pane of their own, one click away.
      if (width === 640) await showRequests(app);
      const form = longForm(app);
      const header = form.getByRole('heading', { name: 'Demo agent' });
      const review = form.getByRole('button', { name: 'Review' });
      const decline = form.getByRole('button', { name: 'Decline' });
      const cancel = form.getByRole('button', { name: 'Cancel', exact: true });
      await expect(review).toBeVisible();

      // Folded: the start of the message, not line 9,000 of it, and a real toggle button.
      await expect(form).toContainText('00001 [build] compiled');
      await expect(form).not.toContainText('09000 [build]');
      const showAll = form.getByRole('button', { name: /^Show all \(\d[\d,]* lines, 5\d\d KB\)$/ });
      await expect(showAll).toHaveAttribute('aria-expanded', 'false');
      for (const control of [header, review, decline, cancel]) expect(await fullyOnScreen(control)).toBe(true);

      // In full: a focusable, named region of its own; the buttons do not move off screen.
      await showAll.click();
      const message = form.getByRole('region', { name: 'Message from Demo agent' });
      await expect(message).toContainText('09000 [build]');
      await expect(form.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
      await message.focus();
      await expect(message).toBeFocused();
      await app.keyboard.press('End');
      for (const control of [header, review, decline, cancel]) expect(await fullyOnScreen(control)).toBe(true);

      // Scrolled to the card's last field, the agent's name and the actions are still there (sticky).
      await form.getByLabel('Note for the log').scrollIntoViewIfNeeded();
      for (const control of [header, review, decline, cancel]) expect(await fullyOnScreen(control)).toBe(true);
    });
  }

  test('the long list of choices scrolls in its own region and the review does not repeat the message', async ({ app }) => {
    test.setTimeout(60_000);
    await app.setViewportSize({ width: 800, height: 600 });
    await startSessionAndPrompt(app, 'Demo agent', 'long');
    const form = longForm(app);
    const choices = form.getByRole('group', { name: 'Folders to clean: 60 choices' });
    await expect(choices).toHaveAttribute('tabindex', '0');
    const scrolls = await choices.evaluate((el) => el.scrollHeight > el.clientHeight);
    expect(scrolls).toBe(true);
    await choices.getByRole('checkbox', { name: 'packages/module-60' }).check();
    await form.getByRole('button', { name: 'Review' }).click();
    const summary = form.getByRole('group', { name: 'Review before sending' });
    await expect(summary).toContainText('packages/module-60');
    // spec E-FORM-4: the message is named in the review, but a long one only by its opening and a pointer.
    await expect(summary).toContainText('full message is shown above');
    expect((await summary.innerText()).length).toBeLessThan(2_000);
    expect(await fullyOnScreen(form.getByRole('button', { name: 'Send' }))).toBe(true);
    expect(await axeViolations(app)).toEqual([]);
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(transcript(app)).toContainText('The form: You accepted: {"folders":["packages/module-60"]}');
  });

  test('the long message folds in the transcript record as it does on the card', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'long');
    await expect(longForm(app)).toBeVisible();
    const record = transcript(app).getByRole('group', { name: 'Form request' }).first();
    // Folded (the card's component and limit), not dozens of lines of the message.
    const showAll = record.getByRole('button', { name: /^Show all \(/ });
    await expect(showAll).toHaveAttribute('aria-expanded', 'false');
    // It names the whole message's size, as the card does, though the record keeps only its start.
    const onCard = await longForm(app).getByRole('button', { name: /^Show all \(/ }).innerText();
    expect(onCard).toMatch(/^Show all \(\d[\d,]* lines, 5\d\d KB\)$/);
    await expect(showAll).toHaveText(onCard);
    expect((await record.boundingBox())!.height).toBeLessThan(600);
    await showAll.click();
    await expect(record.getByRole('region', { name: 'Message from the agent' })).toBeVisible();
    await expect(record.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  });

  test('a very long address scrolls in its own focusable box', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'long');
    const consent = app.getByRole('article', { name: 'Request from Demo agent' }).filter({ hasText: 'Open this report of the build.' });
    // spec E-URL-3: the full address is shown, as text, in a region that can be scrolled from the keyboard.
    const address = consent.getByRole('region', { name: 'Full address' });
    await expect(address).toContainText('step=compile&step=compile');
    await expect(address).toHaveAttribute('tabindex', '0');
    expect(await address.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await address.scrollIntoViewIfNeeded();
    expect(await fullyOnScreen(consent.getByRole('button', { name: 'Open', exact: true }))).toBe(true);
    expect(await fullyOnScreen(consent.getByRole('heading', { name: 'Demo agent' }))).toBe(true);
  });
});

test('a card header reads as words: the agent, then ", session" and its name, with no separator read aloud', async ({ app }) => {
  // spec E-REQ-7: the drawn "·" was read before the hidden ", session ".
  await startSessionAndPrompt(app, 'Demo agent', 'form');
  const header = card(app, 'Demo agent').locator('header');
  await expect(header.locator('.card-session')).toBeVisible();
  const read = await header.ariaSnapshot();
  expect(read).toContain(', session form');
  expect(read).not.toContain('·');
});

test.describe('choices that say what they do', () => {
  test('Decline and Cancel look different and each says what it does', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'form');
    const form = card(app, 'Demo agent');
    const decline = form.getByRole('button', { name: 'Decline' });
    const cancel = form.getByRole('button', { name: 'Cancel', exact: true });
    // spec E-RES-1: decline is "the user said no", cancel is "dismissed".
    await expect(decline).toHaveAccessibleDescription('Decline tells Demo agent no.');
    await expect(cancel).toHaveAccessibleDescription(/^Cancel dismisses it without answering\./);
    await expect(form.getByText('Decline tells Demo agent no.')).toBeVisible();
    const look = (button: Locator) =>
      button.evaluate((el) => {
        const style = getComputedStyle(el);
        return `${style.borderTopColor} ${style.color} ${style.backgroundColor}`;
      });
    expect(await look(decline)).not.toEqual(await look(cancel));
    // An ordinary form: Review is the primary action.
    await expect(form.getByRole('button', { name: 'Review' })).toHaveClass(/button-primary/);
    await expect(decline).not.toHaveClass(/button-primary/);
  });

  // The notice said "declined" after a permission's Reject. spec E-RES-1: decline,
  // cancel and a permission's reject option are three different answers, and the notice names the one given.
  test('the notice after an answer says what the user did: declined a form, rejected a permission, nothing after Cancel', async ({ app }) => {
    const noticeStrip = app.getByRole('status', { name: 'Notices' });
    await startSessionAndPrompt(app, 'Demo agent', 'form');
    await card(app, 'Demo agent').getByRole('button', { name: 'Decline' }).click();
    await expect(noticeStrip).toHaveText(/^You declined Demo agent’s request\./);
    await noticeStrip.getByRole('button', { name: 'Dismiss notice' }).click();

    await sendPrompt(app, 'permission');
    await card(app, 'Demo agent').getByRole('button', { name: 'Reject' }).click();
    await expect(noticeStrip).toHaveText(/^You rejected Demo agent’s permission request\./);
    await expect(noticeStrip).not.toContainText('declined');
    await noticeStrip.getByRole('button', { name: 'Dismiss notice' }).click();

    await sendPrompt(app, 'permission');
    await card(app, 'Demo agent').getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(transcript(app).getByText('You cancelled', { exact: true })).toBeVisible();
    await sendPrompt(app, 'form');
    await card(app, 'Demo agent').getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(transcript(app).getByText('You cancelled', { exact: true })).toHaveCount(2);
    await expect(noticeStrip).toHaveText('');
  });

  test('under a secret-field warning Review is not the primary button, Decline is', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'secret');
    const form = card(app, 'Demo agent');
    // spec E-FORM-12
    await expect(form.getByRole('alert').filter({ hasText: 'ACP forbids asking for secrets' })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Review' })).not.toHaveClass(/button-primary/);
    await expect(form.getByRole('button', { name: 'Decline' })).toHaveClass(/button-primary/);
  });

  test('a lookalike host leads with its ASCII name, makes Decline primary and asks again before opening', async ({ app, harness, request }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'lookalike');
    const consent = card(app, 'Demo agent');
    const site = consent.getByRole('group', { name: 'Site' });
    // spec E-URL-4: both forms shown; the real (xn--) one is the biggest text and comes first.
    const ascii = site.getByText('xn--pple-43d.com', { exact: true });
    const unicode = site.getByText('аpple.com', { exact: true });
    const fontSize = (l: Locator) => l.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(await fontSize(ascii)).toBeGreaterThan(await fontSize(unicode));
    expect((await ascii.boundingBox())!.y).toBeLessThan((await unicode.boundingBox())!.y);
    await expect(consent.getByRole('button', { name: 'Decline' })).toHaveClass(/button-primary/);
    const open = consent.getByRole('button', { name: 'Open…' });
    await expect(open).not.toHaveClass(/button-primary/);

    // Open asks once more; Go back (focused) and Escape both step back without opening anything (spec E-URL-2).
    await open.click();
    const confirm = consent.getByRole('group', { name: /Open xn--pple-43d\.com anyway\?/ });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Go back' })).toBeFocused();
    await app.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(open).toBeVisible();
    expect(await opened(request, harness)).toEqual([]);
    expect(await axeViolations(app)).toEqual([]);

    await open.click();
    expect(await axeViolations(app)).toEqual([]);
    await consent.getByRole('button', { name: 'Open anyway' }).click();
    await expect(transcript(app)).toContainText('You agreed to open the page.');
    const opens = await opened(request, harness);
    expect(opens.map((o) => o.url)).toEqual(['https://xn--pple-43d.com/login']);
  });

  test('a permission to delete shows what it deletes, never makes Allow the primary choice and paints Reject as the safe one', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'permission');
    const request = card(app, 'Demo agent');
    await expect(request.getByRole('list', { name: 'What it deletes' })).toHaveText('/tmp/demo/build');
    const reject = request.getByRole('button', { name: 'Reject', exact: true });
    for (const name of ['Allow once', 'Always allow', 'Reject']) {
      await expect(request.getByRole('button', { name, exact: true })).not.toHaveClass(/button-primary|is-primary/);
    }
    // Designer's note: Reject was red-filled although it is the safe choice. The danger colour is for what deletes
    // (the allow options, ACP kinds allow_once / allow_always); Reject (reject_once) is an ordinary secondary button.
    const looks = await request.locator('.card-actions').evaluate((actions) => {
      const look = (el: Element) => {
        const style = getComputedStyle(el);
        return `${style.borderTopColor} ${style.color} ${style.backgroundColor}`;
      };
      const probe = (className: string) => {
        const button = document.createElement('button');
        button.className = className;
        actions.append(button);
        const found = look(button);
        button.remove();
        return found;
      };
      const byName = (name: string) => Array.from(actions.querySelectorAll('button')).find((b) => b.textContent === name)!;
      return {
        reject: look(byName('Reject')),
        allowOnce: look(byName('Allow once')),
        allowAlways: look(byName('Always allow')),
        neutral: probe('button'),
        danger: probe('button button-danger'),
      };
    });
    expect(looks.reject, 'Reject looks like a secondary button').toBe(looks.neutral);
    expect(looks.allowOnce, 'Allow once is marked as the destructive choice').toBe(looks.danger);
    expect(looks.allowAlways, 'Always allow is marked as the destructive choice').toBe(looks.danger);
    // Reject stays the default: Next waiting request puts focus on it.
    await app.getByRole('textbox', { name: 'Message', exact: true }).focus();
    await app.keyboard.press('Control+Alt+ArrowDown');
    await expect(reject).toBeFocused();
    await expect(request.getByRole('button', { name: 'Cancel', exact: true })).toHaveAccessibleDescription(
      'Cancel dismisses it without choosing.',
    );
    expect(await axeViolations(app)).toEqual([]);
  });
});

/**
 * The buttons of `request`'s action row in reading (and Tab) order, with where each sits: its row (top, rounded)
 * and how far its right edge is from the row's right content edge, in CSS px.
 */
async function actionRow(request: Locator): Promise<{ name: string; top: number; left: number; width: number; fromEnd: number }[]> {
  return request.locator(':scope > .card-actions').evaluate((row) => {
    const style = getComputedStyle(row);
    const box = row.getBoundingClientRect();
    const start = box.left + parseFloat(style.paddingLeft);
    const end = box.right - parseFloat(style.paddingRight);
    return Array.from(row.querySelectorAll('button')).map((button) => {
      const b = button.getBoundingClientRect();
      return {
        name: button.textContent!.trim(),
        top: Math.round(b.top),
        left: Math.round(b.left - start),
        width: b.width,
        fromEnd: Math.round(end - b.right),
      };
    });
  });
}

test.describe('one button order on every card', () => {
  // Each card kind placed its buttons its own way (a permission's Reject among the
  // allows, a lookalike's second question without Decline or Cancel, Dismiss at the start). Now the card's answer
  // leads at the row's start and the ways to say no (Decline or Reject, then Cancel; Dismiss on a card that is over)
  // end it, on one row, whatever the window (spec E-RES-1: decline and cancel always offered while pending).
  for (const [width, height] of REVIEW_WINDOWS) {
    test(`at ${width}×${height}: the answer first, Decline or Reject and Cancel last, on form, review, URL, lookalike, permission and ended cards`, async ({ app }) => {
      await app.setViewportSize({ width, height });
      // `first`: the answer that leads the row (none on a card that is over: its Dismiss sits where Cancel did).
      const expectOrder = async (request: Locator, first: string | null, end: string[]) => {
        await expect(request.getByRole('button', { name: first ?? end[0], exact: true })).toBeVisible();
        const row = await actionRow(request);
        if (first) expect(row[0], `${first} leads the row`).toMatchObject({ name: first, left: 0 });
        const tail = row.slice(-end.length);
        expect(tail.map((b) => b.name), 'the end of the row').toEqual(end);
        expect(tail.at(-1)!.fromEnd, `${end.at(-1)} ends the row`).toBe(0);
        expect(new Set(tail.map((b) => b.top)).size, `${end.join(' and ')} share a row`).toBe(1);
        // …side by side, as one group (the row's 8 px gap between them; 6 px in the narrow column at 761–1100 px,
        // CardShell.css, so that the row stays one line at 800 px).
        const gap = width > 760 && width <= 1100 ? 6 : 8;
        for (let i = 1; i < tail.length; i++) {
          expect(Math.round(tail[i - 1].fromEnd - tail[i].fromEnd - tail[i].width), `${tail[i - 1].name} beside ${tail[i].name}`).toBe(gap);
        }
      };
      const ask = async (prompt: string) => {
        await sendPrompt(app, prompt);
        if (width < 761) await showRequests(app);
        return card(app, 'Demo agent');
      };

      await startSessionAndPrompt(app, 'Demo agent', 'request');
      if (width < 761) await showRequests(app);
      const form = card(app, 'Demo agent');
      await expectOrder(form, 'Review', ['Decline', 'Cancel']);
      await form.getByRole('button', { name: 'Review' }).click();
      await expectOrder(form, 'Send', ['Decline', 'Cancel']);
      await form.getByRole('button', { name: 'Edit' }).click();
      await form.getByRole('button', { name: 'Review' }).focus();
      await app.keyboard.press('Escape');
      await expectOrder(form, null, ['Dismiss']);
      await form.getByRole('button', { name: 'Dismiss' }).click();

      const url = await ask('url');
      await expectOrder(url, 'Open', ['Decline', 'Cancel']);
      await url.getByRole('button', { name: 'Cancel', exact: true }).click();

      const lookalike = await ask('lookalike');
      await lookalike.getByRole('button', { name: 'Open…' }).click();
      await expectOrder(lookalike, 'Open anyway', ['Decline', 'Cancel']);
      await lookalike.getByRole('button', { name: 'Cancel', exact: true }).click();

      const permission = await ask('permission');
      await expectOrder(permission, 'Allow once', ['Reject', 'Cancel']);
      // A narrow window showing the requests hides the session's <main> (one pane at a time): axe's moderate
      // `landmark-one-main` is known to fail there and is left for a later layout change.
      expect(await axeViolations(app, width < 761 ? ['landmark-one-main'] : [])).toEqual([]);
    });
  }
});

test.describe('keys inside a card', () => {
  // WAI-ARIA radio group: one tab stop, entered at the checked radio. Next waiting request once focused the first
  // radio ("red") of a group whose default was "green".
  test('Next waiting request into a card whose first field is a radio group focuses the checked radio', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'two');
    const colour = app.getByRole('article', { name: 'Request from Demo agent' }).filter({ hasText: 'Question 1 of 2' });
    await expect(colour.getByRole('radio', { name: 'green' })).toBeChecked();
    await app.getByRole('textbox', { name: 'Message', exact: true }).focus();
    await app.keyboard.press('Control+Alt+ArrowDown');
    await expect(colour.getByRole('radio', { name: 'green' })).toBeFocused();
    // Arrow keys then move the choice within the group, as in any radio group.
    await app.keyboard.press('ArrowDown');
    await expect(colour.getByRole('radio', { name: 'blue' })).toBeFocused();
    await expect(colour.getByRole('radio', { name: 'blue' })).toBeChecked();
  });

  test('Escape cancels a form but keeps what was typed readable on the card until dismissed', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'form');
    const form = card(app, 'Demo agent');
    const name = form.getByLabel('Project name');
    await name.fill('escape-kept');
    await app.keyboard.press('Escape');
    // spec E-RES-1: Escape is "dismissed", answered cancel, with no content (E-RES-2).
    await expect(transcript(app)).toContainText('You cancelled.');
    await expect(form).toContainText('You cancelled this request');
    await expect(form.getByRole('group', { name: 'Your typed values' })).toContainText('escape-kept');
    await expect(form.getByRole('button', { name: 'Review' })).toHaveCount(0);
    // Focus went somewhere sensible, never to <body>.
    expect(await app.evaluate(() => document.activeElement !== document.body && document.activeElement !== null)).toBe(true);
    expect(await axeViolations(app)).toEqual([]);
    await form.getByRole('button', { name: 'Dismiss' }).click();
    await expect(app.getByRole('article', { name: 'Request from Demo agent' })).toHaveCount(0);
  });

  test('the Cancel button lets the card go', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'form');
    const form = card(app, 'Demo agent');
    await form.getByLabel('Project name').fill('not-kept');
    await form.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(transcript(app)).toContainText('You cancelled.');
    await expect(app.getByRole('article', { name: 'Request from Demo agent' })).toHaveCount(0);
  });

  test('Escape cancels a URL request and a permission request', async ({ app, harness, request }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'url');
    await card(app, 'Demo agent').getByRole('button', { name: 'Open', exact: true }).focus();
    await app.keyboard.press('Escape');
    await expect(transcript(app)).toContainText('You cancelled.');
    await expect(app.getByRole('article', { name: 'Request from Demo agent' })).toHaveCount(0);
    expect(await opened(request, harness)).toEqual([]);

    await sendPrompt(app, 'permission');
    await card(app, 'Demo agent').getByRole('button', { name: 'Reject', exact: true }).focus();
    await app.keyboard.press('Escape');
    await expect(transcript(app)).toContainText('You cancelled the permission request.');
    expect(await app.evaluate(() => document.activeElement !== document.body)).toBe(true);
  });

  test('Enter on the review step sends what was reviewed', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'two');
    const lunch = app.getByRole('article', { name: 'Request from Demo agent' }).filter({ hasText: 'Question 2 of 2' });
    await lunch.getByLabel('Lunch').fill('soup');
    await app.keyboard.press('Enter'); // Enter in a field opens the review (spec E-FORM-4)
    const heading = lunch.getByRole('heading', { name: 'Review before sending' });
    await expect(heading).toBeFocused();
    await expect(lunch.getByRole('button', { name: 'Send' })).toHaveAttribute('aria-keyshortcuts', 'Enter');
    await app.keyboard.press('Enter');
    await expect(transcript(app)).toContainText('Question 2 (lunch): You accepted: {"dish":"soup","vegetarian":false}');
    // The other card is untouched (spec E-REQ-5).
    await expect(app.getByRole('article', { name: 'Request from Demo agent' }).filter({ hasText: 'Question 1 of 2' })).toBeVisible();
  });

  test('a long request can be read, filled, reviewed and sent with the keyboard alone', async ({ app }) => {
    test.setTimeout(60_000);
    await app.setViewportSize({ width: 800, height: 600 });
    await startSessionAndPrompt(app, 'Demo agent', 'long');
    const form = longForm(app);
    const showAll = form.getByRole('button', { name: /^Show all/ });
    await expect(showAll).toBeVisible();
    /** Presses Tab until `target` has focus (at most 60 times), as a keyboard user would. */
    const tabTo = async (target: Locator, key = 'Tab') => {
      for (let i = 0; i < 60 && !(await target.evaluate((el) => el === document.activeElement)); i++) await app.keyboard.press(key);
      await expect(target).toBeFocused();
    };
    await tabTo(showAll);
    await app.keyboard.press('Enter');
    // The full message sits just above its toggle.
    await tabTo(form.getByRole('region', { name: 'Message from Demo agent' }), 'Shift+Tab');
    await app.keyboard.press('PageDown');
    await tabTo(form.getByRole('checkbox', { name: 'packages/module-01' }));
    await app.keyboard.press('Space');
    await tabTo(form.getByLabel('Note for the log'));
    await app.keyboard.type('by keyboard');
    expect(await fullyOnScreen(form.getByRole('button', { name: 'Review' }))).toBe(true);
    await app.keyboard.press('Enter');
    await expect(form.getByRole('heading', { name: 'Review before sending' })).toBeFocused();
    await app.keyboard.press('Enter');
    await expect(transcript(app)).toContainText('The form: You accepted: {"folders":["packages/module-01"],"note":"by keyboard"}');
  });

  test('Enter on the Edit button goes back to editing rather than sending', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'secret');
    const form = card(app, 'Demo agent');
    await form.getByLabel('API token').fill('tok-12345');
    await form.getByRole('button', { name: 'Review' }).click();
    await form.getByRole('button', { name: 'Edit' }).focus();
    await app.keyboard.press('Enter');
    await expect(form.getByLabel('API token')).toBeVisible();
    await expect(transcript(app)).not.toContainText('You accepted');
  });
});
