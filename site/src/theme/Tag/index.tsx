import Original from '@theme-original/Tag';
import { inBlogLanguage } from '@site/src/components/BlogPassage';

/** A tag's label, in the blog's language: only the blog has tags (the documentation has none). */
export default inBlogLanguage(Original, true);
