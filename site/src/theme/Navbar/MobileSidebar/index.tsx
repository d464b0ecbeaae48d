import { useEffect, type ReactNode } from 'react';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';
import type MobileSidebarType from '@theme/Navbar/MobileSidebar';
import type { WrapperProps } from '@docusaurus/types';
import { useNavbarMobileSidebar } from '@docusaurus/theme-common/internal';

type Props = WrapperProps<typeof MobileSidebarType>;

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
  return <MobileSidebar {...props} />;
}
