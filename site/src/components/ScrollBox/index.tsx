import { useEffect, useRef, useState, type ReactNode } from 'react';
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

/** Whether a box has content hidden to the left of what it shows, and to the right. */
interface Hidden {
  before: boolean;
  after: boolean;
}

function hiddenSides(box: HTMLElement): Hidden {
  const hiddenWidth = box.scrollWidth - box.clientWidth;
  return { before: box.scrollLeft > 1, after: box.scrollLeft < hiddenWidth - 1 };
}

/**
 * A box that scrolls sideways when its content (a wide table or diagram) is wider than the column,
 * so the page itself never does. It takes keyboard focus, so a reader without a pointer can scroll
 * it with the arrow keys; a group, not a landmark, so several on one page need no distinct names.
 * A shaded edge shows on each side where content is hidden, so that a reader sees it goes on.
 */
export default function ScrollBox({ holds, children }: Props): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState<Hidden>({ before: false, after: false });
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const update = () =>
      setHidden((shown) => {
        const now = hiddenSides(element);
        return now.before === shown.before && now.after === shown.after ? shown : now;
      });
    update();
    element.addEventListener('scroll', update, { passive: true });
    // The column's width changes, and so does the content's when the colour mode swaps a diagram's drawing.
    const observer = new ResizeObserver(update);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => {
      element.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, []);
  return (
    <div
      className="scroll-box-frame"
      data-hidden-before={hidden.before || undefined}
      data-hidden-after={hidden.after || undefined}
    >
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard */}
      <div ref={box} className="scroll-box" role="group" aria-label={nameOf(holds)} tabIndex={0}>
        {children}
      </div>
    </div>
  );
}
