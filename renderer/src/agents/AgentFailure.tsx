import { useId } from 'react';
import type { AgentStatus, AgentView } from '../../../shared/views/agents';
import { revealInvisible } from '../../../shared/visible-text';
import type { AgentDialog } from './AgentDialogs';
import './AgentFailure.css';

/** What a stopped agent's status says besides its sentence: which setting to check, and its last stderr lines. */
export type StoppedStatus = Extract<AgentStatus, { kind: 'failed' | 'crashed' | 'exited' }>;

/** Whether `status` is one {@link AgentFailure} has something to add to. */
export function hasFailureHelp(status: AgentStatus): status is StoppedStatus {
  return (status.kind === 'failed' || status.kind === 'crashed' || status.kind === 'exited') && (!!status.fix || !!status.stderrTail?.length);
}

/** The advice for each setting main says to check (a wrong command suggests Edit). */
const FIX_TEXT: Record<NonNullable<StoppedStatus['fix']>, { title: string; body?: (agent: AgentView, status: StoppedStatus) => string }> = {
  command: {
    title: 'Check the command',
    body: (agent, status) =>
      status.kind === 'failed'
        ? `“${agent.settings.command ?? ''}” could not be run. Check that it is installed and spelled right, or give its full path, in the agent’s settings.`
        : // It ran, and said (126/127) that what it runs could not be found or run: a wrapper or shell script.
          `“${agent.settings.command ?? ''}” ran, but a program it starts was not found or could not be run. Check the command and its arguments in the agent’s settings.`,
  },
  // No body: the core's handshake sentence above the box already says what to check (acp/handshake-failure.ts),
  // and saying it twice, in red and again in the box, only repeats it.
  protocol: { title: 'Check that it speaks ACP' },
  folder: {
    title: 'Check the working folder',
    body: (agent) => `The folder “${agent.settings.cwd ?? ''}” does not exist. Choose another in the agent’s settings, or leave it empty.`,
  },
};

/**
 * Help under a stopped agent's status sentence: when main says the command or the folder is
 * wrong, "Check the command" with an Edit button that opens the agent editor; and the last lines the agent wrote
 * to its error output (already bounded and redacted by main) with a button to its full log. The lines are the
 * agent's own text, so invisible formatting characters are shown, never applied.
 */
export function AgentFailure({ agent, status, onDialog }: { agent: AgentView; status: StoppedStatus; onDialog: (dialog: AgentDialog) => void }) {
  const ids = useId();
  const fix = status.fix ? FIX_TEXT[status.fix] : undefined;
  const tail = status.stderrTail ?? [];
  return (
    <div className="agent-failure">
      {fix && (
        <div className="agent-fix warn-box" role="group" aria-labelledby={`${ids}-fix`}>
          <div>
            <h3 className="agent-fix-title" id={`${ids}-fix`}>
              {fix.title}
            </h3>
            {fix.body && <p className="agent-fix-body plain-text">{fix.body(agent, status)}</p>}
          </div>
          <button type="button" className="button button-primary" onClick={() => onDialog({ kind: 'edit', agentId: agent.agentId })}>
            Edit {agent.name}
          </button>
        </div>
      )}
      {tail.length > 0 && (
        <section className="agent-stderr" aria-labelledby={`${ids}-stderr`}>
          <div className="agent-stderr-head">
            <h3 className="agent-stderr-title" id={`${ids}-stderr`}>
              Last lines of its error output
            </h3>
            <button type="button" className="link-button" onClick={() => onDialog({ kind: 'log', agentId: agent.agentId })}>
              Show full log
            </button>
          </div>
          {/* Focusable, so the keyboard can scroll it sideways. */}
          <pre className="agent-stderr-text code-block selectable" tabIndex={0} aria-labelledby={`${ids}-stderr`}>
            {tail.map((line) => revealInvisible(line)).join('\n')}
          </pre>
        </section>
      )}
    </div>
  );
}
