import { useState, type FormEvent, type ReactNode } from 'react';
import Translate, { translate } from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { localeOfPath, safeReturnPath, type Locale } from '@trust/access-policy';
import { usePageTitle } from '../../hooks/usePageTitle';
import type { AccessEntry } from '../../auth/adminApi';
import { checkFields } from '../SignIn/Fields';
import { ActionButton, Outcome, current, type Act, type Confirm, type Told } from './actions';
import { DateField, dateProblem, day } from './fields';
import { shownText } from './messages';
import { formatDayInWords, formatMoment } from './dates';
import styles from './styles.module.css';
import forms from '../forms.module.css';

/**
 * A request for access: who, when, the page they wanted, whether the address is verified and
 * their words; approved as an invitation until the chosen day, or declined with a reason they
 * will read. Once answered, the card says so in place; a refusal stands until the date is changed or
 * another change is made on the page.
 */
export default function RequestItem({
  entry,
  busy,
  act,
  confirm,
  changes,
}: {
  entry: AccessEntry;
  busy: boolean;
  act: Act;
  confirm: Confirm;
  changes: number;
}): ReactNode {
  const { i18n } = useDocusaurusContext();
  const [until, setUntil] = useState(day(90));
  const [outcome, setOutcome] = useState<Told | null>(null);
  const { email } = entry;
  const id = `until-${email.replace(/[^\w]/g, '-')}`;
  const isAnswered = outcome?.kind === 'info';
  const [untilProblem, setUntilProblem] = useState<string | null>(null);
  const approve = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkFields([['until', id, dateProblem(until, i18n.currentLocale)]])?.until ?? null;
    setUntilProblem(problem);
    if (problem) return;
    void (async () =>
      setOutcome(
        await act(
          'approve',
          { email, until },
          translate(
            {
              id: 'admin.approved',
              message: '{email} is invited until {until}; we’ve e-mailed them a sign-in link.',
              description: 'After approving a request',
            },
            { email, until: formatDayInWords(until, i18n.currentLocale) },
          ),
        ),
      ))();
  };
  // The request records the page it was made from: its language is the one they read.
  const asked = entry.page ? safeReturnPath(entry.page) : null;
  const readsIn = asked ? localeOfPath(asked) : null;
  const decline = () =>
    confirm({
      title: translate(
        {
          id: 'admin.confirm.declineTitle',
          message: 'Decline the request of {email}?',
          description: 'Confirmation: decline a request',
        },
        { email },
      ),
      // The title names the person; the effect says what they see, one fact a sentence.
      effect: [
        translate({
          id: 'admin.confirm.declineEffect',
          message:
            'They will see this decision the next time they sign in, with your reason if you give one. They can ask again later.',
          description: 'Confirmation: what declining does (the title names the person)',
        }),
        ...(readsIn ? [readsInWords(readsIn)] : []),
      ].join(' '),
      confirm: translate({
        id: 'admin.confirm.decline',
        message: 'Decline the request',
        description: 'Button that confirms declining',
      }),
      reason: {
        label: translate({
          id: 'admin.declineReason',
          message: 'Reason, optional (they will read it)',
          description: 'Label: reason for declining a request',
        }),
      },
      onConfirm: async (reason) =>
        setOutcome(
          await act(
            'decline',
            { email, ...(reason ? { reason } : {}) },
            translate(
              {
                id: 'admin.declined',
                message: 'Declined. {email} will see it, with your reason if you gave one, the next time they sign in.',
                description: 'After declining: what the requester will see, and when',
              },
              { email },
            ),
          ),
        ),
    });
  return (
    <li className={styles.request}>
      <p className={styles.requestWho}>
        <strong className={styles.address}>{email}</strong>{' '}
        <span className={entry.verified ? styles.badge : styles.badgeWarning}>
          {entry.verified
            ? translate({ id: 'admin.verified', message: 'verified address', description: 'Badge: address verified' })
            : translate({
                id: 'admin.unverified',
                message: 'address not verified',
                description: 'Badge: address not verified',
              })}
        </span>
      </p>
      <dl className={styles.facts}>
        <dt>
          <Translate id="admin.request.asked" description="Request card: when it was made">
            Asked
          </Translate>
        </dt>
        <dd>{entry.at ? formatMoment(entry.at, i18n.currentLocale) : ''}</dd>
        <dt>
          <Translate id="admin.request.page" description="Request card: the page the person wanted">
            Page wanted
          </Translate>
        </dt>
        <dd>
          <WantedPage page={entry.page} />
        </dd>
        <dt>
          <Translate id="admin.request.words" description="Request card: the person's words">
            In their words
          </Translate>
        </dt>
        <dd>{shownText(entry.note)}</dd>
      </dl>
      {!isAnswered && (
        <form onSubmit={approve} className={forms.form} noValidate>
          <DateField
            id={id}
            value={until}
            onChange={(value) => {
              if (outcome?.kind === 'error') setOutcome(null);
              setUntil(value);
            }}
            error={untilProblem}
          />
          <div className={styles.answer}>
            <button
              type="submit"
              className="button button--primary"
              disabled={busy}
              aria-label={`${translate({ id: 'admin.approve', message: 'Approve', description: 'Button: approve a request' })} ${email}`}
            >
              <Translate id="admin.approve" description="Button: approve a request">
                Approve
              </Translate>
            </button>
            <ActionButton
              label={translate({ id: 'admin.decline', message: 'Decline', description: 'Button: decline a request' })}
              email={email}
              busy={busy}
              onClick={decline}
              main
            />
          </div>
        </form>
      )}
      {/* An answer given is the card's state now; a refusal goes with the next change made. */}
      <Outcome notice={isAnswered ? outcome : current(outcome, changes)} />
    </li>
  );
}

/** The language the requester reads the site in (that of the page they asked from), for the one who declines. */
function readsInWords(locale: Locale): string {
  return locale === 'es'
    ? translate({
        id: 'admin.confirm.readsSpanish',
        message: 'Write the reason in Spanish: that is the language they use on the site.',
        description: 'Confirmation of a decline: the requester asked from a page in Spanish',
      })
    : translate({
        id: 'admin.confirm.readsEnglish',
        message: 'Write the reason in English: that is the language they use on the site.',
        description: 'Confirmation of a decline: the requester asked from a page in English',
      });
}

/**
 * The page a request was made from, as the admin knows it: its heading, linked, and the language
 * it is written in. Until the heading comes (or if the page no longer exists) the path stands in.
 */
function WantedPage({ page }: { page: string | null }): ReactNode {
  const path = page ? safeReturnPath(page) : null;
  const title = usePageTitle(path, 'same-origin');
  if (!path) {
    return (
      <Translate id="admin.request.noPage" description="Request card: no page recorded">
        not recorded
      </Translate>
    );
  }
  const language =
    localeOfPath(path) === 'es'
      ? translate({
          id: 'admin.request.inSpanish',
          message: 'in Spanish',
          description: 'Request card: the page wanted is in Spanish',
        })
      : translate({
          id: 'admin.request.inEnglish',
          message: 'in English',
          description: 'Request card: the page wanted is in English',
        });
  return (
    <>
      <a href={path}>{title ?? path}</a> ({language})
    </>
  );
}
