import { useEffect, useRef, useState } from 'react';
import type { ConnectionStatus, Notice, NoticeAction } from '../state/model/store';
import { connectionSentence } from './model/connection-text';
import './Notices.css';

/**
 * How long an info notice stays on screen, in ms, counted only while the window is shown and the pointer and
 * focus are elsewhere: long enough to read two sentences twice. Errors stay until dismissed.
 */
export const INFO_NOTICE_MS = 8000;

interface NoticesProps {
  notices: Notice[];
  connection: ConnectionStatus;
  loaded: boolean;
  onDismiss: (noticeId: number) => void;
  /** A notice's button was pressed (the notice is dismissed first). */
  onAction: (action: NoticeAction) => void;
}

/**
 * The notices strip: main's notices (plain sentences that name what they are about once) and the connection state,
 * announced politely. It sits in the flow where it covers no control (App.tsx: above the session's composer, else
 * in the window's dock under the left-hand pane; notice-place.tsx). Info notices go away by themselves
 * ({@link INFO_NOTICE_MS}); errors stay until dismissed. Each notice's buttons are in the tab order where it sits.
 */
export function Notices({ notices, connection, loaded, onDismiss, onAction }: NoticesProps) {
  // Before the first snapshot the main area speaks for the connection (App.tsx); here only a lost one is worth a notice.
  const connectionText = loaded ? connectionSentence(connection) : '';
  return (
    <div className="notices" role="status" aria-label="Notices">
      {connectionText && <p className="notice notice-connection">{connectionText}</p>}
      {notices.map((notice) => (
        <NoticeRow key={notice.noticeId} notice={notice} onDismiss={onDismiss} onAction={onAction} />
      ))}
    </div>
  );
}

interface NoticeRowProps {
  notice: Notice;
  onDismiss: (noticeId: number) => void;
  onAction: (action: NoticeAction) => void;
}

function NoticeRow({ notice, onDismiss, onAction }: NoticeRowProps) {
  const [held, setHeld] = useState({ hover: false, focus: false });
  const visible = useWindowShown();
  const remaining = useRef(INFO_NOTICE_MS);
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  }, [onDismiss]);
  const { action } = notice;
  const running = notice.level === 'info' && visible && !held.hover && !held.focus;

  // Counts down only while nobody is reading it (pointer over it, focus in it) and the window is shown; a pause
  // keeps the time left (at least a second more once it is let go) rather than starting again.
  useEffect(() => {
    if (!running) return;
    const started = performance.now();
    const timer = window.setTimeout(() => dismiss.current(notice.noticeId), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current = Math.max(1000, remaining.current - (performance.now() - started));
    };
  }, [running, notice.noticeId]);

  return (
    <div
      className={`notice notice-${notice.level}`}
      onMouseEnter={() => setHeld((h) => ({ ...h, hover: true }))}
      onMouseLeave={() => setHeld((h) => ({ ...h, hover: false }))}
      onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld((h) => ({ ...h, focus: false }));
      }}
    >
      <p className="notice-text plain-text">{notice.text}</p>
      {action && (
        <button
          type="button"
          className="button button-small notice-action"
          onClick={() => {
            onDismiss(notice.noticeId);
            onAction(action);
          }}
        >
          {action.kind === 'show' ? 'Show' : 'Tell the agent why…'}
        </button>
      )}
      <button type="button" className="notice-dismiss" aria-label="Dismiss notice" onClick={() => onDismiss(notice.noticeId)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** Whether the window is shown (not minimized, not on another desktop): a notice is not timed out unseen. */
function useWindowShown(): boolean {
  const [shown, setShown] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setShown(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return shown;
}
