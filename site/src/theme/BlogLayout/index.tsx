import { useContext, type ReactNode } from 'react';
import BlogLayout from '@theme-original/BlogLayout';
import type BlogLayoutType from '@theme/BlogLayout';
import type { WrapperProps } from '@docusaurus/types';
import Heading from '@theme/Heading';
import { ListHeadingContext } from './ListHeading';

type Props = WrapperProps<typeof BlogLayoutType>;

/** Puts the list page's `<h1>` at the top of the column of posts, whose titles are `<h2>`. */
export default function BlogLayoutWrapper({ children, ...props }: Props): ReactNode {
  const heading = useContext(ListHeadingContext);
  return (
    <BlogLayout {...props}>
      {heading && <Heading as="h1">{heading}</Heading>}
      {children}
    </BlogLayout>
  );
}
