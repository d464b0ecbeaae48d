import type { ReactNode } from 'react';
import { translate } from '@docusaurus/Translate';

interface Props {
  /** What the box holds; it names the box when a screen reader's focus reaches it. */
  holds: 'table' | 'diagram';
  children: ReactNode;
}

function nameOf(holds: Props['holds']): string {
  return holds === 'table'
    ? translate({
        id: 'theme.table.scrollBox',
        message: 'Table',
        description: 'Accessible name of the box a Markdown table scrolls in',
      })
    : translate({
        id: 'theme.diagram.scrollBox',
        message: 'Diagram',
        description: 'Accessible name of the box a documentation diagram scrolls in',
      });
}

/**
 * A box that scrolls sideways when its content (a wide table or diagram) is wider than the column,
 * so the page itself never does. It takes keyboard focus, so a reader without a pointer can scroll
 * it with the arrow keys; a group, not a landmark, so several on one page need no distinct names.
 */
export default function ScrollBox({ holds, children }: Props): ReactNode {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
    <div className="scroll-box" role="group" aria-label={nameOf(holds)} tabIndex={0}>
      {children}
    </div>
  );
}
