import type { ToolCallView, ToolContentView } from '../../../../shared/views/transcript';
import { locationText, toolStatusText } from '../model/transcript-text';
import { MarkdownText } from '../Markdown';
import { DiffView } from './DiffView';
import { ToolIcon } from '../../shell/icons';
import { StatusPill } from './StatusPill';
import './ToolCallCard.css';

/**
 * A tool call as a compact card: its title, ACP kind and status (in words; an unknown status as the agent sent it),
 * the files it touches (`path:line`), and its content: text, diffs, terminals (not supported: said so) and anything
 * else by its label.
 */
export function ToolCallCard({ toolCall }: { toolCall: ToolCallView }) {
  // A tool call that can no longer finish says so, with why ("Ended: stopped"). One the user
  // refused permission for, which the agent then reports `failed` (ACP v1 has no other word for it), is neutral
  // "Rejected by you", not a red "Failed".
  const status = toolCall.ended
    ? { text: `Ended: ${toolCall.ended}`, tone: 'cancelled' as const }
    : toolCall.rejectedByUser && toolCall.status === 'failed'
      ? { text: 'Rejected by you', tone: 'cancelled' as const }
      : toolStatusText(toolCall.status);
  return (
    <div className={`tool-card tool-${status.tone}`} role="group" aria-label={`Tool call: ${toolCall.title}`}>
      <div className="tool-head">
        <ToolIcon />
        <span className="tool-title plain-text">{toolCall.title}</span>
        {toolCall.toolKind && <span className="tool-kind">{toolCall.toolKind}</span>}
        <StatusPill status={status} />
      </div>
      {toolCall.locations.length > 0 && (
        <ul className="tool-locations" aria-label="Files">
          {toolCall.locations.map((location, index) => (
            <li key={index}>
              <code translate="no">{locationText(location)}</code>
            </li>
          ))}
        </ul>
      )}
      {toolCall.content.length > 0 && (
        <div className="tool-content">
          {toolCall.content.map((content, index) => (
            <ToolContent key={index} content={content} />
          ))}
        </div>
      )}
    </div>
  );
}

function ToolContent({ content }: { content: ToolContentView }) {
  switch (content.type) {
    case 'text':
      return (
        <div className="tool-text">
          <MarkdownText text={content.text} />
        </div>
      );
    case 'diff':
      return <DiffView diff={content} />;
    case 'terminal':
      return (
        <p className="tool-terminal">
          <span className="tool-terminal-name">Terminal {content.terminalId || '(no id)'}</span>
          <span className="muted"> — Switchboard does not support terminals, so its output is not shown.</span>
        </p>
      );
    default:
      return <p className="tool-other muted">{'label' in content ? content.label : 'Content not shown'}</p>;
  }
}
