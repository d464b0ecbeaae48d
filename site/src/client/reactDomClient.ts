import { createRoot, hydrateRoot as hydrateAtOnce } from 'preact/compat/client';
import type { ComponentChild } from 'preact';
import { nextTask } from './nextTask';

export { createRoot };

/**
 * `react-dom/client` in the browser (plugins/preact.ts), with hydration started in a task of its
 * own. Docusaurus hydrates once the page's chunks are in; the page lists them before the main
 * bundle, so they are in by the time it runs, and hydrating at once would add the whole page
 * shell's hydration to the task that evaluates the main bundle: one task of some 50 ms on a
 * desktop, 200 ms on a phone. The root is returned at once, as React's is; Docusaurus uses it
 * only for hot reloading in development.
 */
export function hydrateRoot(container: Element, children: ComponentChild): ReturnType<typeof createRoot> {
  nextTask(() => hydrateAtOnce(container, children));
  return createRoot(container);
}

export default { createRoot, hydrateRoot };
