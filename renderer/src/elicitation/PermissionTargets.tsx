import { useId } from 'react';
import type { PermissionItemView } from '../../../shared/views/requests';
import { VisibleChars } from './VisibleChars';
import './PermissionTargets.css';

/** Characters past which a command or the path list scrolls in a box of its own. */
const LONG_TEXT_CHARS = 400;

/**
 * What a permission request acts on: the files or folders its tool call names and the command
 * it runs, as selectable plain text with hidden characters drawn visibly. For a risky kind (delete, move,
 * execute) it says so when the agent named nothing, so "what will be deleted" is never left blank. Long content
 * scrolls in a focusable, named region.
 */
export function PermissionTargets({ item, risky }: { item: PermissionItemView; risky: boolean }) {
  const id = useId();
  const paths = item.paths ?? [];
  const pathsLabel = item.toolKind === 'delete' ? 'What it deletes' : item.toolKind === 'move' ? 'What it moves' : 'Files and folders';
  const pathsLong = paths.length > 6 || paths.join('').length > LONG_TEXT_CHARS;
  const commandLong = (item.command?.length ?? 0) > LONG_TEXT_CHARS || (item.command?.split('\n').length ?? 0) > 8;
  return (
    <>
      {paths.length > 0 && (
        <div className="permission-targets">
          <p className="url-label" id={`${id}-paths`}>
            {pathsLabel}
          </p>
          <ul
            className={`code-block code-text selectable permission-paths${pathsLong ? ' is-long' : ''}`}
            translate="no"
            aria-labelledby={`${id}-paths`}
            tabIndex={pathsLong ? 0 : undefined}
          >
            {paths.map((path) => (
              <li key={path}>
                <VisibleChars text={path} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {item.command && (
        <div className="permission-targets">
          <p className="url-label" id={`${id}-command`}>
            Command
          </p>
          <pre
            className={`code-block code-text selectable card-permission-command${commandLong ? ' is-long' : ''}`}
            translate="no"
            role={commandLong ? 'region' : undefined}
            aria-labelledby={`${id}-command`}
            tabIndex={commandLong ? 0 : undefined}
          >
            <code>
              <VisibleChars text={item.command} keepLineBreaks />
            </code>
          </pre>
        </div>
      )}
      {risky && paths.length === 0 && !item.command && (
        <p className="permission-unnamed" role="note">
          {item.agentName} did not say which files or command this acts on.
        </p>
      )}
    </>
  );
}
