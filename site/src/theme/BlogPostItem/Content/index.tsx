import Original from '@theme-original/BlogPostItem/Content';
import { inBlogLanguage } from '@site/src/components/BlogPassage';

/** A post's text, in the blog's language. */
export default inBlogLanguage(Original);
