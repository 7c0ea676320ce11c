import { useEffect, useState } from 'react';
import { useBridge } from '../shell/bridge-context';

/**
 * How many of an agent's sessions History holds that are not open now, for the agent pane's empty state
 * (after a restart the pane has no tabs, though History has the agent's sessions). `count` is exact only when
 * History's first page (up to 200 sessions, newest first) held them all; otherwise `more` is set and the pane
 * names History without a number. Null until the list arrives or when it cannot be read (then the pane says
 * nothing about History rather than something wrong).
 */
export function useSavedSessions(agentId: string, openSessions: number): { count: number; more: boolean } | null {
  const bridge = useBridge();
  const [saved, setSaved] = useState<{ count: number; more: boolean } | null>(null);
  useEffect(() => {
    let current = true;
    bridge
      .invoke('listHistory', {})
      .then((page) => {
        if (!current) return;
        const count = page.sessions.filter((s) => s.agentId === agentId && !s.liveSessionKey).length;
        setSaved({ count, more: page.nextCursor !== undefined });
      })
      .catch(() => current && setSaved(null));
    return () => {
      current = false;
    };
    // Listed again when the pane's open sessions change (one closed goes to History).
  }, [bridge, agentId, openSessions]);
  return saved;
}
