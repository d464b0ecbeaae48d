import type { ComponentType, ReactNode } from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { BLOG_LANGUAGE } from '@site/src/config/blog';

interface Props {
  children: ReactNode;
  /** A phrase inside a line (a tag, a title in a list) rather than a block. */
  inline?: boolean;
}

/**
 * Text of the blog, marked as written in the blog's language where the page around it is in
 * another, so that a screen reader reads a Spanish post under the English site with a Spanish
 * voice and the English interface around it with an English one. Where the page is in the blog's
 * language it adds nothing.
 */
export default function BlogPassage({ children, inline = false }: Props): ReactNode {
  const { i18n } = useDocusaurusContext();
  if (i18n.localeConfigs[i18n.currentLocale]?.htmlLang === BLOG_LANGUAGE) return children;
  const Element = inline ? 'span' : 'div';
  return <Element lang={BLOG_LANGUAGE}>{children}</Element>;
}

/** A theme component whose whole output is text of the blog, so marked. */
export function inBlogLanguage<P extends object>(Component: ComponentType<P>, inline = false): (props: P) => ReactNode {
  return function InBlogLanguage(props: P) {
    return (
      <BlogPassage inline={inline}>
        <Component {...props} />
      </BlogPassage>
    );
  };
}
