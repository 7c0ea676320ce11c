// Shared by the elicitation tests: one ready v2 agent with one session, and a form request to send from it.
import { NAME_SCHEMA, handshake, openSession, startRig, type Rig } from './hub-fixture';

let opened: Rig | undefined;

/** Closes the rig the last `readyAgent` started, if any; for an afterEach hook. */
export async function closeAgent(): Promise<void> {
  await opened?.close();
  opened = undefined;
}

/** One ready v2 agent "a" with one session "sess-1"; `closeAgent` ends it. */
export async function readyAgent(init?: unknown) {
  opened = await startRig([{ id: 'a', name: 'Agent A' }]);
  const { hub, puppets } = opened;
  await handshake(hub, puppets[0], 'a', init);
  const sessionKey = await openSession(hub, puppets[0], 'a');
  return { hub, puppet: puppets[0], sessionKey };
}

/** An elicitation/create request in form mode for "sess-1" asking for NAME_SCHEMA; `extra` overrides params. */
export function formRequest(id: number | string, extra: Record<string, unknown> = {}) {
  return {
    id,
    method: 'elicitation/create',
    params: { mode: 'form', sessionId: 'sess-1', message: 'Who are you?', requestedSchema: NAME_SCHEMA, ...extra },
  };
}
