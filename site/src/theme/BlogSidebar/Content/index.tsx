import Original from '@theme-original/BlogSidebar/Content';
import { inBlogLanguage } from '@site/src/components/BlogPassage';

/** The sidebar's list of posts, whose titles are in the blog's language (its heading is not). */
export default inBlogLanguage(Original);
