/** The permission scenario: `session/request_permission` before a (pretend) tool call, and what the user chose. */
import { randomUUID } from 'node:crypto';
import type { Scenario } from './scenario-kit';
import type { PermissionChoice, PermissionOutcome } from './turn-host';

/** The options the permission scenario offers, in the order the client should show them. */
export const PERMISSION_OPTIONS: readonly PermissionChoice[] = [
  { optionId: 'allow_once', name: 'Allow once', kind: 'allow_once' },
  { optionId: 'allow_always', name: 'Always allow', kind: 'allow_always' },
  { optionId: 'reject_once', name: 'Reject', kind: 'reject_once' },
];

/** The transcript line for a finished permission request (spec wording the client's tests look for). */
export function describePermissionOutcome(outcome: PermissionOutcome): string {
  switch (outcome.kind) {
    case 'selected':
      return `You chose: ${outcome.option.name}.`;
    case 'cancelled':
      return 'You cancelled the permission request.';
    case 'turn-cancelled':
      return 'The turn was cancelled, so I withdrew my permission request.';
    case 'error':
      return `The client answered with an error (${outcome.code}): ${outcome.message}`;
  }
}

export const permission: Scenario = {
  name: 'permission',
  description: 'Ask permission before a tool call (session/request_permission) and say which option you chose',
  async run(host) {
    await host.say(
      'This is the permission scenario. I want to delete the build folder, so I ask your permission first ' +
        '(session/request_permission) with three options: Allow once, Always allow and Reject. Nothing is ' +
        'deleted whatever you choose: I only pretend.',
    );
    const toolCallId = `demo-${randomUUID()}`;
    const title = 'Delete the build folder';
    // Absolute, as ACP locations are; the same pretend folder as the plan scenario's file.
    const target = '/tmp/demo/build';
    await host.startToolCall(toolCallId, title, { kind: 'delete' });
    const outcome = await host.askPermission({
      toolCallId,
      title,
      kind: 'delete',
      description: 'The demo agent only pretends: nothing on your computer is deleted.',
      paths: [target],
      rawInput: { path: target, recursive: true },
      options: [...PERMISSION_OPTIONS],
    });
    switch (outcome.kind) {
      case 'selected': {
        const allowed = outcome.option.kind.startsWith('allow');
        await host.endToolCall(toolCallId, allowed ? 'completed' : 'failed');
        await host.say(describePermissionOutcome(outcome));
        await host.say(
          allowed
            ? 'I pretended to delete the build folder; nothing was touched.'
            : 'I left the build folder alone.',
        );
        return 'end_turn';
      }
      case 'cancelled':
      case 'turn-cancelled':
        // Also after Stop: a v1 client answers `cancelled` before it sends session/cancel, and ACP lets the
        // agent report that until it ends the turn.
        await host.endToolCall(toolCallId, 'cancelled');
        await host.say(describePermissionOutcome(outcome), { evenIfCancelled: true });
        return host.cancelled.aborted ? 'cancelled' : 'end_turn';
      case 'error':
        await host.endToolCall(toolCallId, 'failed');
        await host.say(describePermissionOutcome(outcome));
        return 'end_turn';
    }
  },
};
