/**
 * The language the blog is written in, whichever locale shows it: the English site shows the same
 * Spanish posts inside its English interface.
 */
export const BLOG_LANGUAGE = 'es';
