/**
 * Client module: keeps a reader who may not read the documentation from fetching its chunks.
 *
 * - Docusaurus prefetches the chunks of every link in view and preloads on hover through
 *   `window.docusaurus`; for restricted routes those requests would only earn 401s, so they
 *   are skipped unless the reader is allowed. The prefetches wait for idle time (idlePrefetch.ts).
 * - A click on a link to a restricted route would make the router preload chunks it cannot
 *   get, fail, and reload the page; instead the reader goes straight to the sign-in page,
 *   which brings them back afterwards.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { isRestrictedPath, signInUrl } from '@trust/access-policy';
import { skipMergedChunks } from './chunkAssets';
import { prefetchWhenIdle } from './idlePrefetch';
import { currentAccess } from './readerState';

interface DocusaurusGlobal {
  prefetch(path: string): unknown;
  preload(path: string): unknown;
}

const mayFetch = (path: string) => currentAccess() === 'allowed' || !isRestrictedPath(path);

/** Docusaurus freezes its global object, so the guarded one is a copy. */
function guard(docusaurus: DocusaurusGlobal): DocusaurusGlobal {
  return {
    ...docusaurus,
    prefetch: prefetchWhenIdle((path) => (mayFetch(path) ? docusaurus.prefetch(path) : false)),
    preload: (path) => (mayFetch(path) ? docusaurus.preload(path) : false),
  };
}

declare const __webpack_require__: { gca?: (chunkName: string) => string };

function keepMergedChunksUnfetched(): void {
  if (__webpack_require__.gca) __webpack_require__.gca = skipMergedChunks(__webpack_require__.gca);
}

if (ExecutionEnvironment.canUseDOM) {
  keepMergedChunksUnfetched();
  const existing = (window as unknown as { docusaurus?: DocusaurusGlobal }).docusaurus;
  let current = existing ? guard(existing) : undefined;
  Object.defineProperty(window, 'docusaurus', {
    configurable: true,
    get: () => current,
    set: (value: DocusaurusGlobal) => {
      current = guard(value);
    },
  });

  document.addEventListener(
    'click',
    (event) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin || currentAccess() === 'allowed' || !isRestrictedPath(url.pathname))
        return;
      event.preventDefault();
      window.location.assign(signInUrl(url.pathname, `${url.search}${url.hash}`));
    },
    true,
  );
}
