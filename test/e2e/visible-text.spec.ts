import { card, expect, startSessionAndPrompt, test } from './fixtures';

// Text that cannot lie (docs/isolation.md): the demo agent's spoof scenario sends the file name
// "evil\u202Eexe.txt" — which reads as "eviltxt.exe" once its right-to-left override is applied — in a reply, a
// plan entry, a tool call title and a form. Everywhere it is drawn, the override is shown as ⟨U+202E⟩.

const SHOWN = 'evil⟨U+202E⟩exe.txt';

test('a hidden right-to-left override is shown as a marker, never applied, in every place agent text is drawn', async ({ app }) => {
  await startSessionAndPrompt(app, 'Demo agent', 'spoof');
  const transcript = app.getByRole('log', { name: 'Transcript' });
  await expect(transcript).toContainText(`The file I mention is named ${SHOWN}`);
  await expect(transcript.getByRole('group', { name: 'Plan' })).toContainText(`Look at ${SHOWN}`);
  await expect(transcript.getByRole('group', { name: `Tool call: Read ${SHOWN}` })).toBeVisible();

  const form = card(app, 'Demo agent');
  await expect(form).toContainText(`Keep ${SHOWN}?`);
  await expect(form).toContainText(`What to do with ${SHOWN}`);
  const keep = form.getByRole('radio', { name: `Keep ${SHOWN}` });
  await expect(keep).toBeVisible();

  // Nothing on the page applies the override: not in text, not in accessible names or tooltips.
  const applied = await app.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.textContent?.includes('\u202E')) return true;
    return Array.from(document.querySelectorAll('*')).some((element) =>
      Array.from(element.attributes).some((attribute) => attribute.value.includes('\u202E')),
    );
  });
  expect(applied).toBe(false);

  // The value sent back is the agent's own const, untouched.
  await keep.check();
  await form.getByRole('button', { name: 'Review' }).click();
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(transcript).toContainText('You accepted: {"choice":"keep"}');
});
