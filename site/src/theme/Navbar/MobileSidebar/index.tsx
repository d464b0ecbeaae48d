import { useEffect, useState, type ReactNode } from 'react';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';
import type MobileSidebarType from '@theme/Navbar/MobileSidebar';
import type { WrapperProps } from '@docusaurus/types';
import { useNavbarMobileSidebar } from '@docusaurus/theme-common/internal';

type Props = WrapperProps<typeof MobileSidebarType>;

/**
 * Whether the menu is drawn: from the moment the reader reaches for its button (a press, or
 * keyboard focus), so that it is there to slide in when the button opens it. Drawn hidden on every
 * page instead, right after hydration and with a documentation page's whole sidebar in it, it cost
 * a simulated phone some 60 ms of main thread that nobody had asked for.
 */
function useDrawn(shown: boolean): boolean {
  const [reached, setReached] = useState(false);
  useEffect(() => {
    if (reached) return undefined;
    const onReach = (event: Event) => {
      if (event.target instanceof Element && event.target.closest('.navbar__toggle')) setReached(true);
    };
    document.addEventListener('pointerdown', onReach, true);
    document.addEventListener('focusin', onReach, true);
    return () => {
      document.removeEventListener('pointerdown', onReach, true);
      document.removeEventListener('focusin', onReach, true);
    };
  }, [reached]);
  return reached || shown;
}

/**
 * The phone menu closes with Escape, as a dialog does, and gives the keyboard back to the button
 * that opened it (the theme closes it only with its own button or a link).
 */
export default function MobileSidebarWrapper(props: Props): ReactNode {
  const { shown, toggle } = useNavbarMobileSidebar();
  useEffect(() => {
    if (!shown) return undefined;
    function onKeyDown(event: KeyboardEvent): void {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      toggle();
      document.querySelector<HTMLButtonElement>('.navbar__toggle')?.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [shown, toggle]);
  return useDrawn(shown) ? <MobileSidebar {...props} /> : null;
}
