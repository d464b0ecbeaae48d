import type { ReactNode } from 'react';
import clsx from 'clsx';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { translate } from '@docusaurus/Translate';
import { usePluralForm } from '@docusaurus/theme-common';
import { useBlogPost } from '@docusaurus/plugin-content-blog/client';
import type { Props } from '@theme/BlogPostItem/Header/Info';
import styles from './styles.module.css';

/**
 * One formatter per locale and calendar for the whole page. The theme builds a new
 * `Intl.DateTimeFormat` in every post's header on every render; on the Spanish list of posts,
 * building one cost about 45 ms of a simulated phone's main thread, once per post.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function postDateFormat(locale: string, calendar: string): Intl.DateTimeFormat {
  const key = `${locale}|${calendar}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      calendar,
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    formatters.set(key, format);
  }
  return format;
}

function ReadingTime({ minutes }: { minutes: number }): ReactNode {
  const { selectMessage } = usePluralForm();
  const rounded = Math.ceil(minutes);
  return selectMessage(
    rounded,
    translate(
      {
        id: 'theme.blog.post.readingTime.plurals',
        description:
          'Pluralized label for "{readingTime} min read". Use as much plural forms (separated by "|") as your language support (see https://www.unicode.org/cldr/cldr-aux/charts/34/supplemental/language_plural_rules.html)',
        message: 'One min read|{readingTime} min read',
      },
      { readingTime: rounded },
    ),
  );
}

/** The theme's date and reading time under a post's title, with the same markup. */
export default function BlogPostItemHeaderInfo({ className }: Props): ReactNode {
  const { metadata } = useBlogPost();
  const { date, readingTime } = metadata;
  const {
    i18n: { currentLocale, localeConfigs },
  } = useDocusaurusContext();
  const format = postDateFormat(currentLocale, localeConfigs[currentLocale]!.calendar);
  return (
    <div className={clsx(styles.container, 'margin-vert--md', className)}>
      <time dateTime={date}>{format.format(new Date(date))}</time>
      {readingTime !== undefined && (
        <>
          {' · '}
          <ReadingTime minutes={readingTime} />
        </>
      )}
    </div>
  );
}
