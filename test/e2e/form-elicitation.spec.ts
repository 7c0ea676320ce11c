import { resolve } from 'node:path';
import { card, demoAgents, expect, startSessionAndPrompt, test } from './fixtures';

// The whole app as a user meets it: the built renderer in Chromium, the real core and the real demo agent
// behind the harness.

test.describe('answering a form', () => {
  test('fill, review and send: the agent receives exactly the reviewed values', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'form');
    const form = card(app, 'Demo agent');
    // spec E-REQ-7: the card names the agent, its reported identity and the tool call.
    await expect(form).toContainText('switchboard-demo-agent');
    await expect(form).toContainText('Ask the user for project details');
    // spec E-FORM-3: defaults are pre-filled, including falsy ones.
    await expect(form.getByLabel('Project name')).toHaveValue('my-project');
    await expect(form.getByLabel('Budget (EUR)')).toHaveValue('0');
    await expect(form.getByLabel('Public repository')).not.toBeChecked();

    await form.getByLabel('Project name').fill('apollo');
    await form.getByLabel('Team size').fill('5');
    await form.getByRole('radio', { name: 'MIT' }).check();
    await form.getByRole('checkbox', { name: 'Ada Lovelace' }).check();
    await form.getByRole('button', { name: 'Review' }).click();

    // spec E-FORM-4: a read-only summary of what will be sent, with a way back.
    const summary = form.getByRole('heading', { name: 'Review before sending' });
    await expect(summary).toBeVisible();
    await expect(form).toContainText('apollo');
    await form.getByRole('button', { name: 'Edit' }).click();
    await expect(form.getByLabel('Project name')).toHaveValue('apollo');
    await form.getByRole('button', { name: 'Review' }).click();
    await form.getByRole('button', { name: 'Send' }).click();

    const transcript = app.getByRole('log', { name: 'Transcript' });
    await expect(transcript).toContainText('You accepted');
    const echoed = JSON.parse((await transcript.textContent())!.match(/You accepted: (\{.*?\})(?=\s|$)/)![1]);
    // spec E-FORM-7 (typed values, consts not titles), E-FORM-8 (empty optional fields omitted)
    expect(echoed).toEqual({
      project_name: 'apollo',
      language: 'TypeScript',
      license: 'mit',
      budget: 0,
      team_size: 5,
      public: false,
      reviewers: ['ada'],
    });
    await expect(app.getByRole('article', { name: 'Request from Demo agent' })).toHaveCount(0);
  });

  // The review listed every empty optional field as "(not sent)" and opened wherever
  // the Review button had been, mid-card. Now it shows what will be sent (spec E-FORM-4, E-FORM-8), one line for the
  // rest, and comes into view from its top.
  test('the review lists only what will be sent, counts the empty optional fields in one line, and opens at its top', async ({ app }) => {
    await app.setViewportSize({ width: 800, height: 600 });
    await startSessionAndPrompt(app, 'Demo agent', 'form');
    const form = card(app, 'Demo agent');
    await form.getByRole('radio', { name: 'MIT' }).check();
    await form.getByRole('checkbox', { name: 'Ada Lovelace' }).check();
    // The Review button is at the end of the long form (scrolled to it, as a user who filled it in would be).
    const reviewButton = form.getByRole('button', { name: 'Review' });
    await reviewButton.scrollIntoViewIfNeeded();
    await reviewButton.click();

    const review = form.getByRole('group', { name: 'Review before sending' });
    await expect(review.getByRole('heading', { name: 'Review before sending' })).toBeFocused();
    const answers = review.locator('dl').nth(1).locator('dt');
    await expect(answers).toHaveText(['Project name', 'Main language', 'License', 'Budget (EUR)', 'Team size', 'Public repository', 'Reviewers']);
    // Tracking ticket, Contact email, Homepage, Start date, Kick-off meeting and Platforms were left empty.
    await expect(review).toContainText('6 optional fields left empty, not sent');
    await expect(review).not.toContainText('(not sent)');

    // Its top is at the top of the queue's view, under the card's sticky header.
    const queueBody = app.getByRole('complementary').locator('.queue-body');
    const view = (await queueBody.boundingBox())!;
    const header = (await form.locator('.card-header').boundingBox())!;
    const top = (await review.boundingBox())!.y;
    expect(top, 'the review starts below the card header').toBeGreaterThanOrEqual(header.y + header.height - 0.5);
    expect(top - (header.y + header.height), 'the review starts right under the card header').toBeLessThanOrEqual(24);
    expect(header.y, 'the card header is at the top of the queue').toBeLessThanOrEqual(view.y + 1);
  });

  // An empty date picker showed mm/dd/yyyy in the text colour and read as filled in.
  test('an empty date or date-and-time field shows its format in the placeholder colour, a filled one in the text colour', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'form');
    const form = card(app, 'Demo agent');
    // The picker's format (mm/dd/yyyy) is drawn in the box's own colour.
    const editColour = (name: string) => form.getByLabel(name, { exact: true }).evaluate((el) => getComputedStyle(el).color);
    const textColour = await form.getByLabel('Project name').evaluate((el) => getComputedStyle(el).color);
    expect(await editColour('Start date')).not.toBe(textColour);
    expect(await editColour('Kick-off meeting')).not.toBe(textColour);
    await form.getByLabel('Start date', { exact: true }).fill('2026-12-24');
    await form.getByLabel('Project name').focus();
    expect(await editColour('Start date')).toBe(textColour);
  });

  test('shows errors per field in plain words and will not send an invalid form', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'form');
    const form = card(app, 'Demo agent');
    await form.getByLabel('Contact email').fill('not-an-email');
    await form.getByLabel('Project name').fill('ab');
    await form.getByRole('button', { name: 'Review' }).click();
    // spec E-FORM-5: per field, plain words; no Send while invalid.
    await expect(form.getByText(/valid email address/i)).toBeVisible();
    await expect(form.getByText(/at least 3 characters/i)).toBeVisible();
    await expect(form.getByRole('button', { name: 'Send' })).toHaveCount(0);
    await expect(form.getByLabel('Contact email')).toHaveAttribute('aria-invalid', 'true');
  });

  test('Decline and Cancel answer without content, and the agent says which it got', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'two');
    const cards = app.getByRole('article', { name: 'Request from Demo agent' });
    await expect(cards).toHaveCount(2);
    // spec E-RES-1: both controls are always visible and distinct.
    await cards.nth(0).getByRole('button', { name: 'Decline' }).click();
    await expect(cards).toHaveCount(1);
    await cards.nth(0).getByRole('button', { name: 'Cancel' }).click();
    const transcript = app.getByRole('log', { name: 'Transcript' });
    await expect(transcript).toContainText('You declined.');
    await expect(transcript).toContainText('You cancelled.');
    await expect(cards).toHaveCount(0);
  });

  test('warns when a form asks for a secret, naming the agent and the field', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'secret');
    // spec E-FORM-12
    await expect(card(app, 'Demo agent').getByRole('alert').filter({ hasText: 'ACP forbids asking for secrets' })).toContainText(
      'Demo agent is asking for “API token”',
    );
  });

  test('works with the keyboard alone', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'secret');
    const form = card(app, 'Demo agent');
    const field = form.getByLabel('API token');
    await expect(field).toBeVisible();
    // Tab from the composer into the card's field, never touching the mouse.
    for (let i = 0; i < 40 && !(await field.evaluate((el) => el === document.activeElement)); i++) {
      await app.keyboard.press('Tab');
    }
    await expect(field).toBeFocused();
    await app.keyboard.type('tok-12345');
    await app.keyboard.press('Enter'); // Enter in a field opens the review
    await expect(form.getByRole('heading', { name: 'Review before sending' })).toBeVisible();
    const send = form.getByRole('button', { name: 'Send' });
    for (let i = 0; i < 20 && !(await send.evaluate((el) => el === document.activeElement)); i++) {
      await app.keyboard.press('Tab');
    }
    await expect(send).toBeFocused();
    await app.keyboard.press('Enter');
    await expect(app.getByRole('log', { name: 'Transcript' })).toContainText('You accepted');
  });
});

test.describe('requests that end without an answer', () => {
  test.use({ agentsConfig: demoAgents(['Demo agent'], { DEMO_WITHDRAW_MS: '2500' }) });

  test('a withdrawn request stays readable with what was typed, until dismissed', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'withdraw');
    const form = card(app, 'Demo agent');
    await form.getByRole('radio', { name: 'Production' }).check();
    // spec E-CXL-1: withdrawn by the agent, the user's choice still readable.
    await expect(form).toContainText('Withdrawn by the agent', { timeout: 10_000 });
    await expect(form.getByRole('group', { name: 'Your typed values' })).toContainText(/production/i);
    await expect(form.getByRole('button', { name: 'Send' })).toHaveCount(0);
    await expect(app.getByRole('log', { name: 'Transcript' })).toContainText('I withdrew my question.');
    await form.getByRole('button', { name: 'Dismiss' }).click();
    await expect(app.getByRole('article', { name: 'Request from Demo agent' })).toHaveCount(0);
  });

  test('after Stop the form is never answered for the user and what was typed stays readable', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'request');
    const form = card(app, 'Demo agent');
    // spec E-REQ-3: a request-scoped form says what it belongs to.
    await expect(form).toContainText(/while answering your prompt/i);
    await form.getByLabel('Anything to add?').fill('still here');
    await app.getByRole('button', { name: 'Stop' }).click();
    // The demo agent, like real agents, withdraws after session/cancel; until it does, nothing is answered
    // for the user (spec E-CXL-3, E-RES-3). Whatever happens, the typed text is never lost.
    await expect(app.locator('.session-header').getByText(/Stopped by you/)).toBeVisible();
    await expect(form).toContainText('still here');
    // When the agent then withdraws it, the card says who ended it: the user, not the agent.
    await expect(form).toContainText('You stopped the turn', { timeout: 10_000 });
    await expect(form).not.toContainText('Withdrawn by the agent');
  });
});

test.describe('a form Switchboard refuses', () => {
  test('shows a card saying what was refused and why, with only Dismiss', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'bad');
    const refused = card(app, 'Demo agent');
    // spec E-FORM-10: the agent gets -32602; the user is told, instead of never hearing of it.
    await expect(refused).toContainText(/Refused by Switchboard: .*nickname/i);
    await expect(refused).toContainText('Please choose a nickname.');
    await expect(refused.getByRole('button')).toHaveText(['Dismiss']);
    await refused.getByRole('button', { name: 'Dismiss' }).click();
    await expect(app.getByRole('article', { name: 'Request from Demo agent' })).toHaveCount(0);
  });
});

test.describe('a form with a field this app cannot show', () => {
  const schema = {
    type: 'object',
    properties: { name: { type: 'string', title: 'Name' }, colour: { type: '_x.color', title: 'Colour' } },
    required: ['colour'],
  };
  test.use({
    agentsConfig: {
      agents: [{ id: 'forms', name: 'Form agent', command: process.execPath, args: [resolve('test/fixtures/form-agent.mjs')], env: { FORM_AGENT_SCHEMA: JSON.stringify(schema) } }],
      urlMode: 'off',
    },
  });

  test('says so on arrival, before Review, and can still be declined', async ({ app }) => {
    await startSessionAndPrompt(app, 'Form agent', 'ask');
    const form = card(app, 'Form agent');
    // spec E-FORM-9: main's check of the values the card starts with, shown without a press of Review.
    await expect(form).toContainText('The field “Colour” cannot be shown in this app, so this form cannot be sent. You can only Decline or Cancel.');
    await form.getByRole('button', { name: 'Decline' }).click();
    await expect(app.getByRole('log', { name: 'Transcript' })).toContainText('Answered: decline');
  });
});

test.describe('several agents', () => {
  test.use({ agentsConfig: demoAgents(['Alpha', 'Beta']) });

  test('pending forms from two agents are answered out of order, each by its own agent', async ({ app }) => {
    await startSessionAndPrompt(app, 'Alpha', 'secret');
    await expect(card(app, 'Alpha')).toBeVisible();
    await startSessionAndPrompt(app, 'Beta', 'secret');
    const beta = card(app, 'Beta');
    // spec E-REQ-5: Alpha's request is still waiting while Beta's is answered first.
    await expect(app.getByRole('navigation', { name: 'Agents' })).toContainText('1 waiting');
    await beta.getByLabel('API token').fill('bbbbbbbb');
    await beta.getByRole('button', { name: 'Review' }).click();
    await beta.getByRole('button', { name: 'Send' }).click();
    await expect(app.getByRole('log', { name: 'Transcript' })).toContainText('You accepted');

    await app.getByRole('navigation', { name: 'Agents' }).getByRole('button', { name: /^Alpha/ }).click();
    const alpha = card(app, 'Alpha');
    await alpha.getByRole('button', { name: 'Decline' }).click();
    await expect(app.getByRole('log', { name: 'Transcript' })).toContainText('You declined.');
  });
});

test.describe('state lives in main', () => {
  test('a reloaded page keeps the queue and the typed draft', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'form');
    const form = card(app, 'Demo agent');
    await form.getByLabel('Project name').fill('survives-a-reload');
    await form.getByLabel('Contact email').fill('ada@example.com');
    // The draft reaches main shortly after typing stops (architecture rule 7).
    await app.waitForTimeout(600);
    await app.reload();
    await app.getByRole('navigation', { name: 'Agents' }).getByRole('button', { name: /^Demo agent/ }).click();
    const again = card(app, 'Demo agent');
    await expect(again.getByLabel('Project name')).toHaveValue('survives-a-reload');
    await expect(again.getByLabel('Contact email')).toHaveValue('ada@example.com');
    await expect(app.getByRole('log', { name: 'Transcript' })).toContainText('form');
  });
});

test.describe('an agent that cannot start', () => {
  test.use({
    agentsConfig: {
      ...demoAgents(['Demo agent']),
      agents: [
        ...demoAgents(['Demo agent']).agents,
        { id: 'broken', name: 'Broken agent', command: '/nonexistent/acp-agent', args: [], env: {} },
      ],
    },
  });

  test('says why in the sidebar, and the other agents keep working', async ({ app }) => {
    const sidebar = app.getByRole('navigation', { name: 'Agents' });
    await expect(sidebar).toContainText('Could not start: check its command');
    await startSessionAndPrompt(app, 'Demo agent', 'secret');
    await expect(card(app, 'Demo agent')).toBeVisible();
  });
});

test.describe('a second session', () => {
  test('takes a prompt typed the moment it opens', async ({ app }) => {
    await startSessionAndPrompt(app, 'Demo agent', 'hello');
    await expect(app.getByRole('log', { name: 'Transcript' })).toContainText('hello');
    // New session, then type and send at once, without waiting for anything.
    await app.getByRole('button', { name: 'New session' }).click();
    const composer = app.getByRole('textbox', { name: 'Message', exact: true });
    await composer.fill('secret');
    await composer.press('Enter');
    await expect(card(app, 'Demo agent')).toBeVisible();
    // One tab per session (each tab also has its Close button).
    await expect(app.getByRole('navigation', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(2);
    // The prompt went to the new session, which is the one shown, and not to the first.
    const transcript = app.getByRole('log', { name: 'Transcript' });
    await expect(transcript).toContainText('secret');
    await expect(transcript).not.toContainText('hello');
  });
});
