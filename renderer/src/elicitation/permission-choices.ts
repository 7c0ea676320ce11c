/** Which answer a permission card offers as its default (issue 12 scope 3). Pure; no DOM. */
import type { PermissionOptionView } from '../../../shared/bridge';

/**
 * Tool kinds that remove, move or run something: their card shows what the tool call acts on and never draws an
 * allow option as the primary (default) answer; the first reject option is primary instead (issue 12 scope 3).
 */
export const RISKY_TOOL_KINDS: ReadonlySet<string> = new Set(['delete', 'move', 'execute']);

/**
 * The option drawn as primary: the first "allow once" for an ordinary tool call; for a risky one (delete, move,
 * execute) the first reject option, so the default never allows it. Undefined when no option fits.
 */
export function primaryOption(options: PermissionOptionView[], risky: boolean): PermissionOptionView | undefined {
  if (risky) return options.find((o) => o.kind === 'reject_once') ?? options.find((o) => o.kind.startsWith('reject'));
  return options.find((o) => o.kind === 'allow_once');
}
