import { Children, isValidElement, type ReactNode } from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { useColorMode, useThemeConfig } from '@docusaurus/theme-common';
import type { Props } from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';

/** Plain-string children joined into one string (so the block can be copied), others as they are. */
function stringifiedChildren(children: ReactNode): ReactNode {
  if (Children.toArray(children).some((child) => isValidElement(child))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

/**
 * The theme's code block, remounted after hydration only when the colour mode shown is not the
 * one the server drew it in. The server colours tokens with the default mode's code theme, and
 * hydration keeps those colours, so a block in the other mode has to be drawn again. The theme
 * remounts every block on every page instead, which highlights all the code a second time: on a
 * phone that was a task of over 200 ms on a page of installation steps.
 */
export default function CodeBlock({ children, ...props }: Props): ReactNode {
  const isBrowser = useIsBrowser();
  const { colorMode } = useColorMode();
  const { defaultMode } = useThemeConfig().colorMode;
  const content = stringifiedChildren(children);
  const Content = typeof content === 'string' ? StringContent : ElementContent;
  return (
    <Content key={isBrowser && colorMode !== defaultMode ? 'redrawn' : 'served'} {...props}>
      {content as string}
    </Content>
  );
}
