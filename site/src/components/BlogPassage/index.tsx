import type { ComponentType, ReactNode } from 'react';
import Translate from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { BLOG_LANGUAGE } from '@site/src/config/blog';

function useIsBlogLanguage(): boolean {
  const { i18n } = useDocusaurusContext();
  return i18n.localeConfigs[i18n.currentLocale]?.htmlLang === BLOG_LANGUAGE;
}

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
  if (useIsBlogLanguage()) return children;
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

/**
 * Tells a reader of another language, before any post, that the posts are in the blog's language;
 * where the site is in that language it shows nothing.
 */
export function BlogLanguageNote(): ReactNode {
  if (useIsBlogLanguage()) return null;
  return (
    <p className="alert alert--info blog-language-note">
      <Translate id="blog.languageNote" description="Note above the blog's pages in a language other than the blog's">
        The posts on this blog are written in Spanish.
      </Translate>
    </p>
  );
}
