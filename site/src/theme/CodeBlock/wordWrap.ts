import { useCallback, useEffect, useRef, useState } from 'react';
import type { useCodeWordWrap } from '@docusaurus/theme-common/internal';

type WordWrap = ReturnType<typeof useCodeWordWrap>;

/**
 * The theme's word-wrap state for a code block (its button shows when the code scrolls sideways,
 * and wraps the lines on demand) without the theme's watch for a hidden tab panel around the block
 * becoming visible: the site has no tabs, and that watch (a mutation observer whose options the
 * theme memoises by sorting their names with `localeCompare` on every render) was most of the cost
 * of hydrating a code block, about 30 ms of a simulated phone's main thread on a page of twenty.
 */
export function useWordWrap(): WordWrap {
  const [isEnabled, setIsEnabled] = useState(false);
  const [isCodeScrollable, setIsCodeScrollable] = useState(false);
  const codeBlockRef = useRef<HTMLPreElement>(null);
  const toggle = useCallback(() => {
    const code = codeBlockRef.current?.querySelector('code');
    if (!code) return;
    if (isEnabled) code.removeAttribute('style');
    else {
      code.style.whiteSpace = 'pre-wrap';
      // Very long words and strings wrap too, so that no scrollbar is left.
      code.style.overflowWrap = 'anywhere';
    }
    setIsEnabled((value) => !value);
  }, [isEnabled]);
  useEffect(() => {
    const update = () => {
      const pre = codeBlockRef.current;
      if (pre)
        setIsCodeScrollable(
          pre.scrollWidth > pre.clientWidth || Boolean(pre.querySelector('code')?.hasAttribute('style')),
        );
    };
    update();
    window.addEventListener('resize', update, { passive: true });
    return () => window.removeEventListener('resize', update);
  }, [isEnabled]);
  return { codeBlockRef, isEnabled, isCodeScrollable, toggle };
}
