/**
 * The sessions slice: live sessions and their transcripts as main's `session`, `transcript` and `sessionRemoved`
 * events change them. Streamed text is joined here with the reveal rules of visible-events.ts.
 */
import type { BridgeEvent } from '../../../../shared/bridge';
import type { SessionView } from '../../../../shared/views/sessions';
import type { TranscriptAppend, TranscriptEntry } from '../../../../shared/views/transcript';
import type { AppState } from './app-state';
import { upsert } from './upsert';
import { joinRevealed } from './visible-events';

type SessionEvent = Extract<BridgeEvent, { type: 'session' }>;
type TranscriptEvent = Extract<BridgeEvent, { type: 'transcript' }>;

/** A session's fields changed; without a transcript of its own it keeps the one drawn (none for a new one). */
export function applySession(state: AppState, event: SessionEvent): AppState {
  const { transcript, ...fields } = event.session;
  const existing = state.sessions.find((s) => s.sessionKey === fields.sessionKey);
  const next: SessionView = { ...fields, transcript: transcript ?? existing?.transcript ?? [] };
  return { ...state, sessions: upsert(state.sessions, next, (s) => s.sessionKey === fields.sessionKey) };
}

/** Applies a transcript change: its upserts first, then its appends. A change for an unknown session is ignored. */
export function applyTranscript(state: AppState, event: TranscriptEvent): AppState {
  const index = state.sessions.findIndex((s) => s.sessionKey === event.sessionKey);
  if (index < 0 || (event.upserts.length === 0 && !event.appends?.length)) return state;
  const session = state.sessions[index];
  const sessions = state.sessions.slice();
  const upserted = upsertEntries(session.transcript, event.upserts);
  sessions[index] = { ...session, transcript: appendToEntries(upserted, event.appends ?? []) };
  return { ...state, sessions };
}

/** A session was closed: it leaves the live list (returns the same state when it was not there). */
export function removeSession(state: AppState, sessionKey: string): AppState {
  const sessions = state.sessions.filter((s) => s.sessionKey !== sessionKey);
  return sessions.length === state.sessions.length ? state : { ...state, sessions };
}

/** Adds streamed text to the end of the entries it names; text for an unknown entry is ignored. */
export function appendToEntries(transcript: TranscriptEntry[], appends: TranscriptAppend[]): TranscriptEntry[] {
  if (appends.length === 0) return transcript;
  const next = transcript.slice();
  for (const { entryId, text } of appends) {
    const at = next.findLastIndex((entry) => entry.entryId === entryId);
    if (at >= 0) next[at] = { ...next[at], text: joinRevealed(next[at].text, text) };
  }
  return next;
}

/** Replaces entries with the same `entryId` in place and appends the new ones, in order. */
export function upsertEntries(transcript: TranscriptEntry[], upserts: TranscriptEntry[]): TranscriptEntry[] {
  const next = transcript.slice();
  for (const entry of upserts) {
    // Streaming updates almost always touch the last entry, so search from the end.
    let at = -1;
    for (let i = next.length - 1; i >= 0; i--) {
      if (next[i].entryId === entry.entryId) {
        at = i;
        break;
      }
    }
    if (at >= 0) next[at] = entry;
    else next.push(entry);
  }
  return next;
}

/** The sessions of one agent, in the order main reported them. */
export function sessionsOfAgent(sessions: SessionView[], agentId: string): SessionView[] {
  return sessions.filter((s) => s.agentId === agentId);
}
