/** Which answer a permission card offers as its default. Pure; no DOM. */
import type { PermissionOptionView } from '../../../../shared/views/requests';

/**
 * Tool kinds that remove, move or run something: their card shows what the tool call acts on and never draws an
 * allow option as the primary (default) answer; the first reject option is primary instead.
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

/**
 * How an option's button looks, by its ACP kind (`allow_once`, `allow_always`, `reject_once`, `reject_always`):
 * - `primary` (solid accent): the suggested answer, only ever the "allow once" of an ordinary tool call;
 * - `danger` (outlined in the danger colour): an allow option of a risky tool call, the choice that deletes, moves
 *   or runs something;
 * - `neutral` (an ordinary secondary button): every reject option, which is the safe choice and so never painted
 *   as a danger, and any other option.
 * The default of a risky tool call is its reject option ({@link primaryOption}): neutral, but the one focus goes to.
 */
export function optionLook(option: PermissionOptionView, risky: boolean, isDefault: boolean): 'primary' | 'danger' | 'neutral' {
  const allows = option.kind === 'allow_once' || option.kind === 'allow_always';
  if (allows && risky) return 'danger';
  if (allows && isDefault) return 'primary';
  return 'neutral';
}
