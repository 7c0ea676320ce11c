import { useEffect, useId, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent, type RefObject } from 'react';
import type { PromptAttachment } from '../../../shared/bridge';
import type { AgentCapabilitiesView } from '../../../shared/views/agents';
import type { CommandView } from '../../../shared/views/sessions';
import { LONG_PASTE_CHARS, MAX_IMAGE_BYTES } from '../../../shared/prompt-limits';
import { errorSentence, useBridge } from '../shell/bridge-context';
import { NARROW_SESSION_QUERY, srOnlyWhen, useMediaQuery } from '../shell/media-query';
import { applyCommand, applyMention, matchCommands, pendingHint, triggerAt, type Trigger } from './model/composer-suggest';
import './Composer.css';

interface ComposerProps {
  sessionKey: string;
  text: string;
  onText: (text: string | ((previous: string) => string)) => void;
  commands: CommandView[];
  /** What the agent takes besides text (`promptCapabilities`); undefined until it is ready. */
  capabilities?: AgentCapabilitiesView['prompt'];
  agentReady: boolean;
  /**
   * A new session of this agent is starting: the box is read-only until the new session's own composer
   * replaces it, so text typed at that moment goes to the new session, never to this one.
   */
  startingSession?: boolean;
  /** The session's agent connection ended: the box says so instead of "not ready". */
  sessionEnded?: boolean;
  canSend: boolean;
  inFlight: boolean;
  /** The turn waits on the user's answer to a request: the session bar says so, so no "Working…" here. */
  waitingForUser?: boolean;
  /** Shows the session's first waiting request (the held-back note's button); only with `waitingForUser`. */
  onShowWaiting?: () => void;
  canStop: boolean;
  /** Sends; resolves false when it failed (the text and attachments are then kept). */
  onSend: (text: string, attachments: PromptAttachment[]) => Promise<boolean>;
  onStop: () => void;
  composerRef: RefObject<HTMLTextAreaElement | null>;
  /** Why the last send or stop failed, shown under the composer. */
  error?: string | null;
}

type Suggestion = { kind: 'command'; command: CommandView } | { kind: 'file'; path: string };

/**
 * The message box. Typing `/` at the start lists the agent's commands with their
 * descriptions; `@` lists files of the session's folder (main's finder, `.gitignore` respected). Both are a listbox
 * the text box owns (`aria-autocomplete="list"`, `aria-activedescendant`): arrows move, Enter or Tab chooses, Escape
 * closes. A chosen command shows its input
 * hint. Images can be pasted or dropped where the agent takes images (at most 5 MB each); pasting a long text
 * makes it an attachment. What the agent cannot take is not offered.
 */
export function Composer(props: ComposerProps) {
  const { sessionKey, text, onText, commands, capabilities, agentReady, canSend, inFlight, canStop, composerRef } = props;
  const bridge = useBridge();
  const ids = useId();
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [files, setFiles] = useState<{ query: string; paths: string[] } | null>(null);
  const [attachments, setAttachments] = useState<PromptAttachment[]>([]);
  const [note, setNote] = useState<string | null>(null);

  const trigger: Trigger | undefined = triggerAt(text, caret);
  const triggerKey = trigger ? `${trigger.kind}:${trigger.query}:${caret}` : null;
  const mentionQuery = trigger?.kind === 'mention' ? trigger.query : null;

  useEffect(() => {
    if (mentionQuery === null) return;
    let current = true;
    const timer = setTimeout(() => {
      bridge
        .invoke('findFiles', { sessionKey, query: mentionQuery })
        .then((found) => current && setFiles({ query: mentionQuery, paths: found.paths }))
        .catch(() => current && setFiles({ query: mentionQuery, paths: [] }));
    }, 120);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [bridge, sessionKey, mentionQuery]);

  const suggestions: Suggestion[] =
    !trigger || triggerKey === dismissed
      ? []
      : trigger.kind === 'command'
        ? matchCommands(commands, trigger.query).map((command) => ({ kind: 'command', command }))
        : files && files.query === trigger.query
          ? files.paths.map((path) => ({ kind: 'file', path }))
          : [];
  const open = suggestions.length > 0;
  // A message typed while the agent's turn goes on cannot be sent yet (ACP: one prompt turn at a time per session).
  // Say so and what to do, rather than leave Enter and a disabled Send prompt unexplained.
  const typed = text.trim() !== '' || attachments.length > 0;
  const heldBack = typed && inFlight && !props.startingSession && !props.sessionEnded;
  const activeIndex = Math.min(active, suggestions.length - 1);
  const hint = pendingHint(text, commands);
  // Too narrow for the keyboard hint beside the buttons: it stays the composer's description.
  const narrow = useMediaQuery(NARROW_SESSION_QUERY);
  const hintClass = srOnlyWhen(narrow, 'composer-hint');

  function choose(suggestion: Suggestion): void {
    const input = composerRef.current;
    if (suggestion.kind === 'command') {
      const next = applyCommand(suggestion.command.name);
      onText(next);
      setCaret(next.length);
      requestAnimationFrame(() => input?.setSelectionRange(next.length, next.length));
    } else if (trigger?.kind === 'mention') {
      const next = applyMention(text, trigger, suggestion.path);
      onText(next.text);
      setCaret(next.caret);
      setAttachments((list) => (list.some((a) => a.type === 'file' && a.path === suggestion.path) ? list : [...list, { type: 'file', path: suggestion.path }]));
      requestAnimationFrame(() => input?.setSelectionRange(next.caret, next.caret));
    }
    setActive(0);
  }

  async function send(): Promise<void> {
    if (!canSend || (text.trim() === '' && attachments.length === 0)) return;
    const sent = attachments;
    const ok = await props.onSend(text, sent);
    if (ok) setAttachments((list) => list.filter((a) => !sent.includes(a)));
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): void {
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + suggestions.length) % suggestions.length);
        return;
      }
      if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        event.preventDefault();
        choose(suggestions[activeIndex]);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        setDismissed(triggerKey);
        return;
      }
    }
    if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  }

  async function addImages(list: File[]): Promise<void> {
    for (const file of list) {
      if (!/^image\/(png|jpeg|gif|webp)$/.test(file.type)) {
        setNote(`${file.name || 'That file'} is not a PNG, JPEG, GIF or WebP image.`);
        continue;
      }
      if (file.size > MAX_IMAGE_BYTES) {
        setNote(`${file.name || 'The image'} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB; it was not attached.`);
        continue;
      }
      const data = await base64Of(file);
      const mimeType = file.type as Extract<PromptAttachment, { type: 'image' }>['mimeType'];
      setAttachments((all) => [...all, { type: 'image', name: file.name || 'pasted image', mimeType, data }]);
    }
  }

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>): void {
    const images = [...event.clipboardData.files].filter((f) => f.type.startsWith('image/'));
    if (images.length) {
      event.preventDefault();
      if (!capabilities?.image) {
        setNote('This agent does not take images.');
        return;
      }
      setNote(null);
      void addImages(images);
      return;
    }
    const pasted = event.clipboardData.getData('text/plain');
    if (pasted.length > LONG_PASTE_CHARS) {
      event.preventDefault();
      const count = attachments.filter((a) => a.type === 'text').length + 1;
      setAttachments((all) => [...all, { type: 'text', name: `pasted-${count}.txt`, text: pasted }]);
      setNote(`The pasted text (${pasted.length.toLocaleString('en')} characters) is attached instead of typed in.`);
    }
  }

  function onDrop(event: DragEvent<HTMLTextAreaElement>): void {
    const dropped = [...event.dataTransfer.files];
    if (!dropped.length) return;
    event.preventDefault();
    if (!capabilities?.image) {
      setNote('This agent does not take images.');
      return;
    }
    setNote(null);
    void addImages(dropped);
  }

  const listId = `${ids}-suggestions`;
  const optionId = (index: number) => `${ids}-option-${index}`;
  return (
    <div className="composer">
      {attachments.length > 0 && (
        <ul className="composer-attachments" aria-label="Attachments">
          {attachments.map((attachment, index) => {
            const name = attachment.type === 'file' ? `@${attachment.path}` : attachment.name;
            return (
              <li key={index} className="attachment-chip composer-attachment">
                <span className="composer-attachment-kind">{attachment.type === 'file' ? 'File' : attachment.type === 'image' ? 'Image' : 'Text'}</span>
                <span className="composer-attachment-name">{name}</span>
                <button
                  type="button"
                  className="link-button"
                  aria-label={`Remove ${name}`}
                  onClick={() => setAttachments((all) => all.filter((_, i) => i !== index))}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="composer-field">
        {open && (
          <ul className="composer-suggestions" role="listbox" id={listId} aria-label={trigger?.kind === 'command' ? 'Commands' : 'Files'}>
            {suggestions.map((suggestion, index) => (
              <li
                key={suggestion.kind === 'command' ? suggestion.command.name : suggestion.path}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                className={`composer-suggestion${index === activeIndex ? ' is-active' : ''}`}
                onMouseDown={(e) => {
                  e.preventDefault(); // keep focus in the composer
                  choose(suggestion);
                }}
              >
                {suggestion.kind === 'command' ? (
                  <>
                    <span className="composer-suggestion-name">/{suggestion.command.name}</span>
                    {suggestion.command.hint && <span className="composer-suggestion-hint">{suggestion.command.hint}</span>}
                    {suggestion.command.description && <span className="composer-suggestion-description">{suggestion.command.description}</span>}
                  </>
                ) : (
                  <span className="composer-suggestion-name">{suggestion.path}</span>
                )}
              </li>
            ))}
          </ul>
        )}
        <textarea
          ref={composerRef}
          className="composer-input"
          aria-label="Message"
          // A textarea keeps its textbox role (ARIA in HTML allows no other; axe's aria-allowed-role): a textbox
          // may own an autocomplete list and point at its active option, which is all the suggestions need.
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? optionId(activeIndex) : undefined}
          aria-autocomplete="list"
          aria-describedby={heldBack ? `${ids}-held ${ids}-composer-hint` : `${ids}-composer-hint`}
          rows={3}
          value={text}
          readOnly={props.startingSession || props.sessionEnded}
          placeholder={
            props.startingSession
              ? 'Starting a new session…'
              : props.sessionEnded
                ? 'This session ended when its agent stopped. Start a new session, or resume this one from History.'
                : agentReady
                  ? // Narrower windows have a shorter box: the long form was cut there.
                    narrow
                    ? 'Message… (/ commands, @ files)'
                    : 'Message the agent… (/ for commands, @ for files)'
                  : 'The agent is not ready.'
          }
          onChange={(e) => {
            onText(e.target.value);
            setCaret(e.target.selectionStart ?? e.target.value.length);
            setActive(0);
          }}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart ?? 0)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onDrop={onDrop}
        />
      </div>
      <div className="composer-actions">
        <p id={`${ids}-composer-hint`} className={hintClass}>
          {hint ? (
            <>
              <span className="composer-command-hint">
                /{hint.name} <em>{hint.hint}</em>
              </span>{' '}
            </>
          ) : null}
          Enter sends, Shift+Enter adds a line.
        </p>
        <p className="composer-status">{inFlight && !props.waitingForUser ? 'Working…' : ''}</p>
        <button type="button" className="button" disabled={!canStop} onClick={props.onStop}>
          Stop
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={!canSend || (text.trim() === '' && attachments.length === 0)}
          onClick={() => {
            composerRef.current?.focus();
            void send();
          }}
        >
          Send prompt
        </button>
      </div>
      {heldBack && (
        <p className="composer-held" role="status" id={`${ids}-held`}>
          {props.waitingForUser
            ? 'Not sent yet: the agent waits for your answer to its request. Answer it or press Stop, then send. '
            : 'Not sent yet: the agent is still on your last message. Let it finish or press Stop, then send. '}
          {props.waitingForUser && props.onShowWaiting && (
            <button type="button" className="link-button" onClick={props.onShowWaiting}>
              Show the request
            </button>
          )}
        </p>
      )}
      {note && (
        <p className="composer-note plain-text" role="status">
          {note}
        </p>
      )}
      {props.error && (
        <p className="inline-error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}

/** A file's bytes as base64 (what an ACP `image` block carries). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new Error(errorSentence(reader.error)));
    reader.readAsDataURL(file);
  });
}
