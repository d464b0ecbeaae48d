import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { translate } from '@docusaurus/Translate';
import { PageMetadata } from '@docusaurus/theme-common';
import { useDateTimeFormat } from '@docusaurus/theme-common/internal';
import Layout from '@theme/Layout';
import BlogPassage, { BlogLanguageNote } from '@site/src/components/BlogPassage';
import type { ArchiveBlogPost, Props } from '@theme/BlogArchivePage';
import Heading from '@theme/Heading';

function byYear(posts: readonly ArchiveBlogPost[]): Array<[string, ArchiveBlogPost[]]> {
  const years = new Map<string, ArchiveBlogPost[]>();
  for (const post of posts) {
    const year = post.metadata.date.slice(0, 4);
    years.set(year, [...(years.get(year) ?? []), post]);
  }
  return [...years];
}

/**
 * The archive, with the theme's content but sound landmarks and outline: its hero sits inside
 * `<main>` (a second banner beside the announcement bar otherwise) and years are `<h2>` under the
 * page's `<h1>` (the theme skips to `<h3>`).
 */
export default function BlogArchivePage({ archive }: Props): ReactNode {
  const title = translate({
    id: 'theme.blog.archive.title',
    message: 'Archive',
    description: 'The page & hero title of the blog archive page',
  });
  const description = translate({
    id: 'theme.blog.archive.description',
    message: 'Archive',
    description: 'The page & hero description of the blog archive page',
  });
  const format = useDateTimeFormat({ day: 'numeric', month: 'long', timeZone: 'UTC' });
  return (
    <>
      <PageMetadata title={title} description={description} />
      <Layout>
        <main>
          <div className="hero hero--primary">
            <div className="container">
              <Heading as="h1" className="hero__title">
                {title}
              </Heading>
              <p className="hero__subtitle">{description}</p>
            </div>
          </div>
          <div className="container margin-vert--lg">
            <BlogLanguageNote />
            <div className="row">
              {byYear(archive.blogPosts).map(([year, posts]) => (
                <section key={year} className="col col--4 margin-vert--lg" aria-labelledby={`archive-${year}`}>
                  <Heading as="h2" id={`archive-${year}`}>
                    {year}
                  </Heading>
                  <ul>
                    {posts.map((post) => (
                      <li key={post.metadata.permalink}>
                        <Link to={post.metadata.permalink}>
                          {format.format(new Date(post.metadata.date))} -{' '}
                          <BlogPassage inline>{post.metadata.title}</BlogPassage>
                        </Link>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          </div>
        </main>
      </Layout>
    </>
  );
}
