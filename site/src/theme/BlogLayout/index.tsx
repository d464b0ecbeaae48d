import { useContext, type ReactNode } from 'react';
import BlogLayout from '@theme-original/BlogLayout';
import type BlogLayoutType from '@theme/BlogLayout';
import type { WrapperProps } from '@docusaurus/types';
import Heading from '@theme/Heading';
import { translate } from '@docusaurus/Translate';
import BlogPassage, { BlogLanguageNote } from '@site/src/components/BlogPassage';
import { ListHeadingContext } from './ListHeading';

type Props = WrapperProps<typeof BlogLayoutType>;

/**
 * Puts the list page's `<h1>` at the top of the column of posts, whose titles are `<h2>`, and
 * gives a post's table of contents a navigation landmark (the theme leaves it outside any), its
 * headings marked in the blog's language. Every blog page says, under another language, that the
 * posts are in the blog's.
 */
export default function BlogLayoutWrapper({ children, toc, ...props }: Props): ReactNode {
  const heading = useContext(ListHeadingContext);
  const label = translate({
    id: 'theme.TOCCollapsible.toggleButtonLabel',
    message: 'On this page',
    description: 'The label used by the button on the collapsible TOC component',
  });
  return (
    <BlogLayout
      {...props}
      toc={
        toc && (
          <nav aria-label={label}>
            <BlogPassage>{toc}</BlogPassage>
          </nav>
        )
      }
    >
      {heading && <Heading as="h1">{heading}</Heading>}
      <BlogLanguageNote />
      {children}
    </BlogLayout>
  );
}
