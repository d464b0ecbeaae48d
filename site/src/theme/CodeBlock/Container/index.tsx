import type { ComponentProps, ReactNode } from 'react';
import clsx from 'clsx';
import { ThemeClassNames } from '@docusaurus/theme-common';
// The theme's own rules for the block's box, which this one keeps.
import themeStyles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Container/styles.module.css';

/**
 * The theme's code block box without the colours it writes on the element: the stylesheet made from
 * the code themes sets them for each colour mode (plugins/code-highlighting.ts). Written on the
 * element, they would keep the mode the server drew the page in, since hydration leaves attributes
 * as they are.
 */
export default function CodeBlockContainer<T extends 'div' | 'pre'>({
  as: As,
  ...props
}: { as: T } & ComponentProps<T>): ReactNode {
  const Element = As as 'div';
  return (
    <Element
      {...(props as ComponentProps<'div'>)}
      className={clsx(props.className, themeStyles.codeBlockContainer, ThemeClassNames.common.codeBlock)}
    />
  );
}
