import type { ConnectionStatus } from '../../state/model/store';

/**
 * What the page says about its connection to Switchboard, or '' when there is nothing to say (`connecting`, `open`).
 * `stopped` and `restarted` come from the harness's transport (socket-bridge.ts), which has stopped retrying: the
 * sentence says what to do instead, as the harness prints a new address at every start.
 */
export function connectionSentence(status: ConnectionStatus): string {
  switch (status) {
    case 'reconnecting':
      return 'Lost the connection to Switchboard. Reconnecting…';
    case 'stopped':
      return 'Switchboard is no longer running at this address. If you started it again, open the address it printed: each start has a new one.';
    case 'restarted':
      return 'Switchboard restarted, so this page’s address no longer works. Open the new address it printed when it started.';
    default:
      return '';
  }
}

/** True when the page knows it will never reach Switchboard again from this address (it has stopped retrying). */
export function connectionEnded(status: ConnectionStatus): boolean {
  return status === 'stopped' || status === 'restarted';
}
