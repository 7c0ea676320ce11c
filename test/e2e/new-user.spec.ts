import { card, expect, startSessionAndPrompt, test } from './fixtures';

// First steps from the README: a focused field stays in view.

test.describe('a focused field stays in view', () => {
  test('at 800×600, Enter on a form with a required field empty leaves the focused field uncovered', async ({ app }) => {
    await app.setViewportSize({ width: 800, height: 600 });
    await startSessionAndPrompt(app, 'Demo agent', 'form');
    const form = card(app, 'Demo agent');
    const name = form.getByLabel('Project name');
    await name.fill('');
    await name.press('Enter');
    const focused = app.locator(':focus');
    await expect(focused).toHaveAttribute('aria-invalid', 'true');
    // Wait for any smooth scroll to settle, then ask what is drawn at the focused field's centre.
    await expect
      .poll(async () =>
        focused.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return hit !== null && (hit === el || el.contains(hit));
        }),
      )
      .toBe(true);
    await app.screenshot({ path: '/tmp/f/1-800.png' });
  });
});

test.describe('after the last request', () => {
  for (const answer of ['Send', 'Decline'] as const) {
    test(`${answer} on the last card puts focus in that session's message box`, async ({ app }) => {
      await startSessionAndPrompt(app, 'Demo agent', 'secret');
      const form = card(app, 'Demo agent');
      await form.getByLabel('API token').fill('tok-12345');
      if (answer === 'Send') {
        await form.getByRole('button', { name: 'Review' }).click();
        await form.getByRole('button', { name: 'Send' }).press('Enter');
      } else {
        await form.getByRole('button', { name: 'Decline' }).press('Enter');
      }
      await expect(app.getByRole('article', { name: 'Request from Demo agent' })).toHaveCount(0);
      await expect(app.getByRole('textbox', { name: 'Message', exact: true })).toBeFocused();
    });
  }
});

test.describe('a sign-in the user says no to', () => {
  for (const answer of ['Cancel', 'Decline'] as const) {
    test(`${answer} on the sign-in page's card is not reported as a failure`, async ({ app }) => {
      await app.getByRole('navigation', { name: 'Agents' }).getByRole('button', { name: /^Demo agent/ }).click();
      await app.getByRole('button', { name: 'Sign in with Demo sign-in' }).click();
      const consent = card(app, 'Demo agent');
      await expect(consent).toContainText(/while signing in/i);
      await consent.getByRole('button', { name: answer, exact: true }).click();
      await expect(app.getByRole('status', { name: 'Notices' })).toContainText('Sign-in cancelled.');
      // The sign-in is over (its buttons are back), and nothing on the page says it failed.
      await expect(app.getByRole('button', { name: 'Sign in with Demo sign-in' })).toBeEnabled();
      await expect(app.getByText(/failed/i)).toHaveCount(0);
      await expect(app.getByRole('alert').filter({ hasText: /sign-in/i })).toHaveCount(0);
    });
  }
});

test.describe('a model the agent will not switch to', () => {
  test('says so without JSON-RPC words, and the sentence goes with the next prompt', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'status');
    const model = app.getByRole('combobox', { name: 'Model' });
    await model.selectOption('demo-xl');
    const refusal = app.getByRole('alert').filter({ hasText: 'Demo XL' });
    await expect(refusal).toHaveText('Demo agent did not switch the model: Demo XL is not available to you');
    const composer = app.getByRole('textbox', { name: 'Message', exact: true });
    await composer.fill('status');
    await composer.press('Enter');
    await expect(refusal).toHaveCount(0);
  });
});

test.describe('the new-session form beside session tabs', () => {
  /** The words a sighted user reads: the element's text without what base/reset.css's `.sr-only` keeps off screen. */
  const shownText = (locator: import('@playwright/test').Locator) =>
    locator.evaluate((element) => {
      const copy = element.cloneNode(true) as Element;
      copy.querySelectorAll('.sr-only').forEach((hidden) => hidden.remove());
      return (copy.textContent ?? '').trim();
    });

  // At 640 px the folder box's label went and "New session" read "New".
  for (const [width, height, label, button] of [
    [640, 700, 'Folder', 'New session'],
    [1440, 900, 'Working folder', 'New session'],
  ] as const) {
    test(`at ${width}×${height} it reads "${label}" and "${button}", named in full`, async ({ app }) => {
      await app.setViewportSize({ width, height });
      await startSessionAndPrompt(app, 'Demo agent', 'hello');
      await expect(app.getByRole('log', { name: 'Transcript' })).toContainText("I'm the Switchboard demo agent");
      const newSession = app.getByRole('button', { name: 'New session', exact: true });
      const folder = app.getByRole('combobox', { name: 'Working folder', exact: true });
      await expect(newSession).toBeVisible();
      await expect(folder).toBeVisible();
      expect(await shownText(newSession)).toBe(button);
      expect(await shownText(app.locator(`label[for="${await folder.getAttribute('id')}"]`))).toBe(label);
    });
  }
});
