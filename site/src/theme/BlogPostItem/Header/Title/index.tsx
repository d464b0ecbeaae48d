import Original from '@theme-original/BlogPostItem/Header/Title';
import { inBlogLanguage } from '@site/src/components/BlogPassage';

/** A post's title, in the blog's language. */
export default inBlogLanguage(Original);
