import { useState } from 'react';
import type { QueueItemView } from '../../../shared/views/requests';
import { errorSentence, useBridge } from '../shell/bridge-context';

/**
 * The heading over the ended cards (done, refused, withdrawn, disconnected, stopped) with "Clear ended", which
 * dismisses them all at once; each card's own Dismiss still works. Their records stay in the
 * session's transcript. `onCleared` puts focus somewhere that stays (the button goes away with them).
 */
export function EndedHeading({ items, onCleared }: { items: QueueItemView[]; onCleared: () => void }) {
  const bridge = useBridge();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function clear(): Promise<void> {
    setBusy(true);
    setFailure(null);
    const results = await Promise.allSettled(items.map((item) => bridge.invoke('dismissItem', { itemId: item.itemId })));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    setBusy(false);
    if (failed) setFailure(`Some could not be dismissed: ${errorSentence(failed.reason)}`);
    else onCleared();
  }
  return (
    <div className="queue-ended-head">
      <h3 className="queue-ended-title">
        Ended <span className="queue-ended-hint">· nothing more to answer; dismiss when done</span>
      </h3>
      <button type="button" className="button button-small queue-clear-ended" disabled={busy} onClick={() => void clear()}>
        Clear ended ({items.length})
      </button>
      {failure && (
        <p className="queue-ended-error plain-text" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
