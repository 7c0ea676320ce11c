/** The demo agent's prompt handling: one prompt turn, from the text the user sent to the turn's stop reason. */
import { log } from './info';
import { helpText, pickScenario } from './scenarios';
import type { DemoStopReason, TurnHost } from './turn-host';

/**
 * Runs one prompt turn: the selected scenario, or the help text. Never rejects; the result is the turn's stop
 * reason (`cancelled` whenever the turn was cancelled, whatever the scenario returned).
 */
export async function runPrompt(host: TurnHost, text: string, attachments: string[] = []): Promise<DemoStopReason> {
  const scenario = pickScenario(text);
  try {
    const announcement = host.services.account.takeAnnouncement();
    if (announcement) await host.say(announcement);
    if (attachments.length) await host.say(`Besides your text I received: ${attachments.join('; ')}.`);
    if (!scenario && attachments.length) {
      // A prompt that only carried files or images needs no help text.
    } else if (!scenario) {
      await host.say(helpText(host.services.account));
    } else if (scenario.needs && !host.modes[scenario.needs]) {
      await host.say(
        `I can't run the ${scenario.name} scenario: your client did not advertise ` +
          `${scenario.needs === 'url' ? 'URL' : 'form'} elicitation in initialize, and I only ask in modes a ` +
          'client advertises.',
      );
    } else {
      log(`session ${host.sessionId}: scenario ${scenario.name} (v${host.protocol})`);
      const stop = await scenario.run(host, text);
      return host.cancelled.aborted ? 'cancelled' : stop;
    }
  } catch (error) {
    log(`scenario failed: ${error instanceof Error ? error.message : String(error)}`);
    if (!host.cancelled.aborted) {
      await host.say('Sorry, the demo agent hit an internal error. See its stderr.').catch(() => undefined);
    }
  }
  return host.cancelled.aborted ? 'cancelled' : 'end_turn';
}
