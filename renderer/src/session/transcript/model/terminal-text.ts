/**
 * A display terminal's output as styled runs: ANSI escapes are parsed by `anser` into
 * plain text plus colour and decoration names, so nothing the agent sends is ever treated as HTML. Carriage
 * returns are applied the way a terminal shows them (a progress bar's last state), other control characters
 * dropped. Pure, unit-tested in Node.
 */
import Anser from 'anser';

/**
 * One run of text with its styling: class names for the 16 theme colours and the decorations. 24-bit
 * colours get no class (the CSP allows no inline styles), so they show in the default colour.
 */
export interface TerminalRun {
  text: string;
  classes: string[];
}

/** `\r\n` is a line end; a lone `\r` returns to the line's start, so only what follows it stays. */
export function applyCarriageReturns(text: string): string {
  return text
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((line) => line.slice(line.lastIndexOf('\r') + 1))
    .join('\n');
}

/** The runs of `output`; control characters (C0 other than tab and line feed, DEL, C1) are removed from the text. */
export function terminalRuns(output: string): TerminalRun[] {
  const entries = Anser.ansiToJson(applyCarriageReturns(output), { use_classes: true, remove_empty: true });
  return entries.map((entry) => {
    const classes: string[] = [];
    if (entry.fg && !entry.fg_truecolor) classes.push(`${entry.fg}-fg`);
    if (entry.bg && !entry.bg_truecolor) classes.push(`${entry.bg}-bg`);
    for (const decoration of entry.decorations ?? []) classes.push(`ansi-${decoration}`);
    return {
      // C1 controls too (U+0080–U+009F): U+009B is a one-character CSI that some terminals obey.
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      text: entry.content.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, ''),
      classes,
    };
  });
}
