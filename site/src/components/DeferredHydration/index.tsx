import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { nextTask } from '../../client/nextTask';

/** A part of the page the server sent, waiting for its turn to hydrate. */
class Hold {
  released = false;
  settled = false;
  readonly promise: Promise<void>;
  release = () => undefined as unknown;
  constructor() {
    this.promise = new Promise<void>((resolve) => {
      this.release = () => {
        this.released = true;
        resolve();
      };
    });
  }
}

/**
 * Whether the app is still in the one synchronous render that hydrates the page the server sent.
 * In the live preview the container starts empty: there is nothing to keep, so nothing waits.
 */
let hydrating = ExecutionEnvironment.canUseDOM && document.getElementById('__docusaurus')?.firstElementChild != null;

const waiting: Hold[] = [];
let current: Hold | undefined;

/**
 * `data-hydrating` on the root element while parts wait: until it goes, a click on a part may reach
 * the server's markup only (the browser tests wait for it, as they wait for the app's own mark).
 */
function releaseNext(): void {
  current = waiting.shift();
  nestedAt = 0;
  if (current) current.release();
  else delete document.documentElement.dataset.hydrating;
}

/** Where a part held while an earlier part hydrates waits: before the parts that came after that one. */
let nestedAt = 0;

function hold(): Hold | undefined {
  if (!hydrating) return undefined;
  if (waiting.length === 0 && current === undefined) {
    // Every part the first render holds is held in that render; later ones render at once.
    endHydrationAfterThisRender();
    document.documentElement.dataset.hydrating = 'parts';
    nextTask(releaseNext);
  }
  const held = new Hold();
  if (current === undefined) waiting.push(held);
  else waiting.splice(nestedAt++, 0, held);
  return held;
}

function endHydrationAfterThisRender(): void {
  void Promise.resolve().then(() => {
    hydrating = false;
  });
}

/**
 * The next part waits until this one's effects have run (after a frame), so that a part's
 * hydration and the renders its effects start do not add up in one task with the next part's.
 * A part that leaves the page before its turn (the desktop sidebar on a phone) gives up its place.
 */
function settle(held: Hold): void {
  if (held.settled) return;
  held.settled = true;
  const index = waiting.indexOf(held);
  if (index >= 0) waiting.splice(index, 1);
  if (held === current) {
    current = undefined;
    nextTask(releaseNext);
  }
}

function Held({ held, children }: { held: Hold | undefined; children: ReactNode }): ReactNode {
  // Preact keeps the server's markup of a part that suspends while hydrating, and hydrates it
  // when the promise settles.
  if (held && !held.released) throw held.promise;
  if (held && !held.settled) {
    // The parts inside this one hydrate after it, each in a task of its own, as the outer ones do.
    hydrating = true;
    endHydrationAfterThisRender();
  }
  // Called only once the part has rendered: an effect queued by a render that suspended would run too.
  useEffect(() => {
    if (held) settle(held);
  }, [held]);
  return children;
}

/**
 * Hydrates its part of the page in tasks of its own, after the parts before it, instead of inside
 * the one long task that hydrates the whole page: the server's markup shows and stays as it is
 * meanwhile. Its children must render exactly one element (Preact keeps one node for a part that
 * waits). Once the page has hydrated it renders its children at once.
 */
export default function DeferredHydration({ children }: { children: ReactNode }): ReactNode {
  const [held] = useState(hold);
  useEffect(
    () => () => {
      if (held) settle(held);
    },
    [held],
  );
  if (!ExecutionEnvironment.canUseDOM) return children;
  return (
    <Suspense fallback={null}>
      <Held held={held}>{children}</Held>
    </Suspense>
  );
}

/** A theme component (one that always renders exactly one element) that hydrates apart. */
export function hydratedApart<Props extends object>(Component: ComponentType<Props>): ComponentType<Props> {
  function HydratedApart(props: Props): ReactNode {
    return (
      <DeferredHydration>
        <Component {...props} />
      </DeferredHydration>
    );
  }
  HydratedApart.displayName = `HydratedApart(${Component.displayName ?? Component.name})`;
  return HydratedApart;
}
