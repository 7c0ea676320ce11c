/** View types of the History view: past and live sessions, and what an agent allows with a past one now. */

/** One past or live session in the History view. Times are ms since the epoch. */
export interface HistorySessionView {
  /** Absent for a session only the agent knows (`source: 'agent'`). */
  historyId?: string;
  source: 'switchboard' | 'agent';
  agentId: string;
  agentName: string;
  sessionId: string;
  cwd: string;
  title?: string;
  createdAt?: number;
  lastActivity?: number;
  lastStopReason?: string;
  /** Live now: the key of its open session. */
  liveSessionKey?: string;
  /** Why it ended, in words ("closed", "ended when Switchboard closed", "agent disconnected"). */
  endedReason?: string;
  /** Some entries were not kept: the stored transcript reached its size cap, or they could not be saved in time. */
  truncated?: boolean;
}

/**
 * What the agent lets Switchboard do with one of its past sessions now: `resume` (v1/v2 `session/resume`),
 * `load` (v1 `session/load`, replays the conversation), or `none` with `reason` (then only Continue).
 */
export interface ResumeOption {
  how: 'resume' | 'load' | 'none';
  reason?: string;
}
