import type { ReactNode } from 'react';
import Translate from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { formatDayInWords } from './dates';
import { FieldError, invalidProps } from '../SignIn/Fields';
import { lastDayProblem } from './messages';
import styles from './styles.module.css';

/** A date `offset` days from today, as the date input writes it (UTC). */
export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The days an invitation may end on: from today to a year from now. */
const FIRST_DAY = 0;
const LAST_DAY = 365;

/** What is wrong with a last day chosen in a `DateField`, or null, in the words of `locale`. */
export const dateProblem = (value: string, locale: string) =>
  lastDayProblem(value, day(FIRST_DAY), day(LAST_DAY), (each) => formatDayInWords(each, locale));

export function DateField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange(value: string): void;
  /** What is wrong with the day, shown under the field. */
  error?: string | null;
}): ReactNode {
  const { i18n } = useDocusaurusContext();
  // The field writes the day as the browser's own locale does (02/27/2027 in the United States'):
  // the day in the page's words stands under it.
  const inWords = /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDayInWords(value, i18n.currentLocale) : null;
  return (
    <>
      <label htmlFor={id}>
        <Translate id="admin.until" description="Label: last day of an invitation">
          Last day
        </Translate>
      </label>
      <input
        id={id}
        type="date"
        required
        min={day(FIRST_DAY)}
        max={day(LAST_DAY)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...invalidProps(id, error, inWords ? `${id}-words` : undefined)}
      />
      {inWords && (
        <span id={`${id}-words`} className={styles.dayInWords}>
          <Translate
            id="admin.until.inWords"
            description="Under the last-day field: the chosen day in words; the invitation ends at the close of it"
            values={{ day: inWords }}
          >
            {'Until the end of {day} (UTC)'}
          </Translate>
        </span>
      )}
      <FieldError id={id} error={error} />
    </>
  );
}
