/**
 * The last lines an agent wrote to its error output, made safe to show beside a failed start:
 * the status a user sees says *why* ("npm ERR! 404 '@scope/agnt' is not in this registry") without opening the log.
 */
import { redactLogLine } from './redact';
import { cutText } from '../../../shared/cut-text';

/** Lines of stderr shown with a failed start or crash: enough for a stack trace's head or npm's error block. */
export const STDERR_TAIL_LINES = 12;
/** Characters kept of each shown line; a minified bundle's one-line trace does not flood the status. */
export const STDERR_TAIL_LINE_CHARS = 300;

/**
 * The last {@link STDERR_TAIL_LINES} non-blank lines of `stderr`, each passed through {@link redactLogLine} (the
 * values in `secrets`, token shapes and URL paths redacted, control characters escaped; spec E-PRIV-1) and cut to
 * {@link STDERR_TAIL_LINE_CHARS} characters. Empty when the agent wrote nothing. Never throws.
 */
export function stderrTail(stderr: string, secrets: Iterable<string>): string[] {
  const values = [...secrets];
  const lines = stderr.split(/\r?\n|\r/).filter((line) => line.trim() !== '');
  return lines.slice(-STDERR_TAIL_LINES).map((line) => {
    // Redacted whole, then cut: cutting first could leave half a secret that no longer matches. The stderr kept
    // per agent is bounded (agent-process.ts), so this is bounded too.
    const safe = redactLogLine(line, values);
    return cutText(safe, STDERR_TAIL_LINE_CHARS);
  });
}
