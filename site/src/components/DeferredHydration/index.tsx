import { Activity, type ComponentType, type ReactNode } from 'react';

/**
 * A part of the page that React hydrates apart: an `<Activity>` boundary, rendered alike by the
 * server and the browser. While React hydrates the page the server sent, it leaves each such part as
 * the server's markup and hydrates it afterwards, in a render of its own at idle priority (nested
 * parts after their parent), or at once if the reader clicks or types in it first; hydrating a whole
 * documentation page in one go was one task of 200–250 ms on a simulated phone. An `<Activity>`
 * rather than a `<Suspense>` boundary, which hydrates apart in the same way: the server writes a
 * large Suspense boundary's markup at the end of the page, to be moved into place by an inline
 * script, so every page would carry scripts of its own that the Content-Security-Policy must name
 * and that run before the page is complete; an Activity boundary's markup stays where it is.
 */
export default function DeferredHydration({ children }: { children: ReactNode }): ReactNode {
  return <Activity mode="visible">{children}</Activity>;
}

/** A theme component that hydrates apart. */
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
