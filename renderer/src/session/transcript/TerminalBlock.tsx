import { useMemo } from 'react';
import type { TerminalView } from '../../../../shared/views/transcript';
import { terminalRuns } from './model/terminal-text';
import './TerminalBlock.css';

/**
 * A display terminal the agent ran (ACP v2 `terminal_update` / `terminal_output_chunk`): its command, its output
 * with ANSI colours, and how it ended. Output is bounded in main (the tail is kept; what was dropped is said).
 */
export function TerminalBlock({ terminal }: { terminal: TerminalView }) {
  const runs = useMemo(() => terminalRuns(terminal.output), [terminal.output]);
  const exit = terminal.exitStatus;
  const status = !exit
    ? 'Running'
    : exit.signal
      ? `Ended by ${exit.signal}`
      : exit.exitCode === 0
        ? 'Exited with 0'
        : exit.exitCode === undefined
          ? 'Ended'
          : `Exited with ${exit.exitCode}`;
  const failed = exit !== undefined && (exit.signal !== undefined || (exit.exitCode ?? 0) !== 0);
  return (
    <figure className="terminal-block" aria-label={`Terminal: ${terminal.command ?? terminal.terminalId}`}>
      <figcaption className="terminal-head">
        <code className="terminal-command">{terminal.command ? `$ ${terminal.command}` : 'Terminal'}</code>
        <span className={`terminal-status${failed ? ' is-failed' : exit ? ' is-done' : ''}`}>{status}</span>
      </figcaption>
      {terminal.droppedBytes > 0 && (
        <p className="terminal-dropped">Earlier output not kept ({Math.round(terminal.droppedBytes / 1024)} KB).</p>
      )}
      <pre className="terminal-output" tabIndex={0}>
        {runs.map((run, index) =>
          // 24-bit colours have no theme class; the CSP allows no inline styles, so they show uncoloured.
          run.classes.length ? (
            <span key={index} className={run.classes.join(' ')}>
              {run.text}
            </span>
          ) : (
            run.text
          ),
        )}
      </pre>
    </figure>
  );
}
