// Shared by the session model tests: one ready agent with one session, and its transcript.
import type { Hub } from '../../electron/core/hub';
import type { TranscriptEntry } from '../../shared/views/transcript';
import { eventually, handshake, startRig, type Rig } from './hub-fixture';

let opened: Rig | undefined;

/** Closes the rig the last `session` started, if any; for an afterEach hook. */
export async function closeSession(): Promise<void> {
  await opened?.close();
  opened = undefined;
}

/** A ready agent "a" with one session "sess-1" in `cwd`; `closeSession` ends it. */
export async function session(init?: unknown, cwd = '/tmp') {
  opened = await startRig([{ id: 'a', name: 'Agent A' }]);
  const { hub, puppets } = opened;
  const puppet = puppets[0];
  await handshake(hub, puppet, 'a', init);
  const created = hub.invoke('newSession', { agentId: 'a', cwd }) as Promise<{ sessionKey: string }>;
  await puppet.answer('session/new', { sessionId: 'sess-1' });
  const { sessionKey } = await created;
  return { hub, puppet, sessionKey };
}

/** A session/update notification for "sess-1" carrying `u`. */
export const update = (u: Record<string, unknown>) => ({ method: 'session/update', params: { sessionId: 'sess-1', update: u } });

/** The transcript of the first session. */
export function transcript(hub: Hub): TranscriptEntry[] {
  return hub.snapshot().sessions[0].transcript;
}

/** The first session's transcript once it holds at least `count` entries. */
export async function entries(hub: Hub, count: number): Promise<TranscriptEntry[]> {
  return eventually(() => (transcript(hub).length >= count ? transcript(hub) : undefined));
}
