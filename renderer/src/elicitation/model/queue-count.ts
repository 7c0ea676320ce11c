import { waitingText } from '../../shell/model/format';

/**
 * The heading's count. It counts what the narrow window's "Requests (N)" tab and the sidebar's "Waiting for you (N)"
 * count, every agent's waiting requests, and says how many of them are this agent's when not all are:
 * "2 requests waiting", "1 request waiting here, 3 in all", "2 waiting from other agents".
 */
export function queueCountText(here: number, total: number): string {
  if (here >= total) return waitingText(here);
  return here === 0 ? `${total} waiting from other agents` : `${waitingText(here)} here, ${total} in all`;
}
