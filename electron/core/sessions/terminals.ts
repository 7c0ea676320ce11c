/**
 * v2 display terminals of one session (`terminal_update`, `terminal_output_chunk`):
 * the agent runs the command and reports it; Switchboard only shows it. Output is held as bytes, only the
 * tail of it, and decoded as UTF-8 for display (ANSI escapes kept: the renderer colours them).
 */
import type { TerminalView } from '../../../shared/views/transcript';

/** Bytes of output kept per terminal: about a thousand 60-column lines, the tail of what a user scrolls back to. */
export const MAX_TERMINAL_OUTPUT_BYTES = 64 * 1024;
/** Terminals tracked per session: a long session runs many commands; older ones keep what they showed. */
export const MAX_TERMINALS_PER_SESSION = 100;

interface TerminalState {
  view: TerminalView;
  bytes: Uint8Array;
}

export class SessionTerminals {
  private readonly terminals = new Map<string, TerminalState>();
  private readonly decoder = new TextDecoder('utf-8');

  /**
   * Applies a `terminal_update`: fields present are set; `output` replaces the whole output.
   * @returns the terminal as it now stands, or undefined when the session already tracks its maximum.
   */
  update(terminalId: string, patch: { command?: string; cwd?: string; output?: Uint8Array; exitStatus?: TerminalView['exitStatus'] }): TerminalView | undefined {
    const state = this.state(terminalId);
    if (!state) return undefined;
    if (patch.output) this.setBytes(state, patch.output, 0);
    state.view = {
      ...state.view,
      ...(patch.command !== undefined ? { command: patch.command } : {}),
      ...(patch.cwd !== undefined ? { cwd: patch.cwd } : {}),
      ...(patch.exitStatus ? { exitStatus: patch.exitStatus } : {}),
    };
    return state.view;
  }

  /** Appends a `terminal_output_chunk`. @returns the terminal, or undefined as for {@link update}. */
  append(terminalId: string, data: Uint8Array): TerminalView | undefined {
    const state = this.state(terminalId);
    if (!state) return undefined;
    const joined = new Uint8Array(state.bytes.length + data.length);
    joined.set(state.bytes);
    joined.set(data, state.bytes.length);
    this.setBytes(state, joined, state.view.droppedBytes);
    return state.view;
  }

  private state(terminalId: string): TerminalState | undefined {
    const known = this.terminals.get(terminalId);
    if (known) return known;
    if (this.terminals.size >= MAX_TERMINALS_PER_SESSION) return undefined;
    const state: TerminalState = { view: { terminalId, output: '', droppedBytes: 0 }, bytes: new Uint8Array(0) };
    this.terminals.set(terminalId, state);
    return state;
  }

  /** Keeps the tail of `bytes`, starting after a UTF-8 continuation byte run so no character is cut in half. */
  private setBytes(state: TerminalState, bytes: Uint8Array, droppedBefore: number): void {
    let start = Math.max(0, bytes.length - MAX_TERMINAL_OUTPUT_BYTES);
    while (start < bytes.length && start > 0 && (bytes[start] & 0xc0) === 0x80) start++;
    state.bytes = start ? bytes.slice(start) : bytes;
    state.view = { ...state.view, output: this.decoder.decode(state.bytes), droppedBytes: droppedBefore + start };
  }
}
