import Original from '@theme-original/Blog/Components/Author';
import { inBlogLanguage } from '@site/src/components/BlogPassage';

/** An author's name and title, in the blog's language. */
export default inBlogLanguage(Original);
