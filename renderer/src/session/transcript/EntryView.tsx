import { memo, useState } from 'react';
import type { TranscriptEntry } from '../../../../shared/views/transcript';
import { unknownUpdateText } from '../model/transcript-text';
import { MarkdownText } from '../Markdown';
import { FileIcon, NoteIcon } from '../../shell/icons';
import { PlanList } from './PlanList';
import { TerminalBlock } from './TerminalBlock';
import { ToolCallCard } from './ToolCallCard';
import { RequestRecord } from './RequestRecord';
import './EntryView.css';

/**
 * One transcript entry, drawn by its `kind` (absent = a message): the user's messages as plain text, the agent's
 * as safe markdown, thoughts collapsed, tool calls as cards, the plan as a checklist, and Switchboard's own lines
 * (file access, notices, updates it does not know) as plain text. Memoized: streaming into the last entry
 * re-renders that entry only.
 */
export const EntryView = memo(function EntryView({ entry }: { entry: TranscriptEntry }) {
  switch (entry.kind ?? 'message') {
    case 'thought':
      return <Thought text={entry.text} />;
    case 'tool_call':
      return (
        <div className="entry entry-tool">
          {entry.toolCall ? <ToolCallCard toolCall={entry.toolCall} /> : <p className="entry-text plain-text">{entry.text}</p>}
        </div>
      );
    case 'plan':
      return (
        <div className="entry entry-plan">
          <PlanList plan={entry.plan ?? []} notShown={entry.planStepsNotShown} />
        </div>
      );
    case 'terminal':
      return (
        <div className="entry entry-terminal">
          {entry.terminal ? <TerminalBlock terminal={entry.terminal} /> : <p className="entry-text plain-text">{entry.text}</p>}
        </div>
      );
    case 'file_access':
      return (
        <div className="entry entry-system entry-file-access">
          <p className="entry-line">
            <span className="entry-line-label">
              <FileIcon />
              File access
            </span>
            <span className="plain-text">{entry.text}</span>
          </p>
        </div>
      );
    case 'notice':
      return (
        <div className="entry entry-system entry-notice">
          <p className="entry-line">
            <span className="entry-line-label">
              <NoteIcon />
              Note
            </span>
            <span className="plain-text">{entry.text}</span>
          </p>
        </div>
      );
    case 'other':
      return <UnknownUpdate text={entry.text} />;
    case 'request':
      return entry.request ? <RequestRecord request={entry.request} /> : <Message entry={entry} />;
    default:
      return <Message entry={entry} />;
  }
});

const ROLE_LABEL: Record<TranscriptEntry['role'], string> = {
  user: 'You',
  agent: 'Agent',
  system: 'Switchboard',
};

function Message({ entry }: { entry: TranscriptEntry }) {
  return (
    <div className={`entry entry-${entry.role}`}>
      <span className="entry-role">{ROLE_LABEL[entry.role] ?? entry.role}</span>
      {entry.role === 'agent' ? (
        <div className="entry-text">
          <MarkdownText text={entry.text} />
        </div>
      ) : (
        <div className="entry-text plain-text">{entry.text}</div>
      )}
      {entry.attachments && entry.attachments.length > 0 && (
        <ul className="entry-attachments" aria-label="Attached">
          {entry.attachments.map((name, index) => (
            <li key={index} className="attachment-chip entry-attachment">
              {name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A thought, collapsed; its text is rendered only once opened (long reasoning costs nothing while closed). */
function Thought({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="entry entry-thought">
      <details className="entry-details" onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>Thought</summary>
        {open && (
          <div className="entry-details-body">
            <MarkdownText text={text} />
          </div>
        )}
      </details>
    </div>
  );
}

function UnknownUpdate({ text }: { text: string }) {
  const { summary, details } = unknownUpdateText(text);
  return (
    <div className="entry entry-system entry-other">
      <details className="entry-details">
        <summary>{summary}</summary>
        <pre className="entry-details-body entry-raw plain-text" translate="no">
          {details}
        </pre>
      </details>
    </div>
  );
}
