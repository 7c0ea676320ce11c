import { describe, expect, it } from 'vitest';
import { applyCarriageReturns, terminalRuns } from '../../renderer/src/session/transcript/model/terminal-text';

const textOf = (output: string) => terminalRuns(output).map((run) => run.text).join('');

describe('terminal output as styled runs', () => {
  it('keeps colours as class names and the text as text, never markup', () => {
    // v2 display terminals (`terminal_output_chunk`)
    const runs = terminalRuns('\u001b[31mred\u001b[0m <b>plain</b>');
    expect(runs[0]).toEqual({ text: 'red', classes: ['ansi-red-fg'] });
    expect(textOf('\u001b[31mred\u001b[0m <b>plain</b>')).toBe('red <b>plain</b>');
  });

  it('shows a progress bar in its last state', () => {
    expect(applyCarriageReturns('10%\r50%\r100%\r\ndone')).toBe('100%\ndone');
  });

  it('drops C0, DEL and C1 control characters but keeps tabs and line ends', () => {
    // C1 controls (U+009B is a one-character CSI) reached the displayed text.
    expect(textOf('a\u0007b\u007fc\u009b31md\u0085e\u0090f\u009cg\th\ni')).toBe('abc31mdefg\th\ni');
  });
});
