import type { ReactNode } from 'react';
import BlogListPage from '@theme-original/BlogListPage';
import type BlogListPageType from '@theme/BlogListPage';
import type { WrapperProps } from '@docusaurus/types';
import { ListHeadingContext } from '../BlogLayout/ListHeading';

type Props = WrapperProps<typeof BlogListPageType>;

/** The blog's own list pages get a page heading (the theme gives them none); see `BlogLayout`. */
export default function BlogListPageWrapper(props: Props): ReactNode {
  return (
    <ListHeadingContext.Provider value={props.metadata.blogTitle}>
      <BlogListPage {...props} />
    </ListHeadingContext.Provider>
  );
}
