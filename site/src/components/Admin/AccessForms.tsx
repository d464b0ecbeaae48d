import { useState, type FormEvent, type ReactNode } from 'react';
import Translate, { translate } from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { formatDayInWords } from './dates';
import { EmailField, FieldError, checkFields, invalidProps } from '../SignIn/Fields';
import { Outcome, current, suspension, type Act, type Confirm, type Told } from './actions';
import { DateField, dateProblem, day } from './fields';
import { accountAddressProblem, describeRefusal, suspensionReasonMissing } from './messages';
import { listAccess } from '../../auth/adminApi';
import { canonicalMailbox } from '@trust/access-policy';
import styles from './styles.module.css';
import forms from '../forms.module.css';

/**
 * Invites a guest until a chosen day, with a note on who they are; the server e-mails them a
 * sign-in link. Its outcome stands until the form is edited again or another change is made.
 */
export function InviteForm({ busy, act, changes }: { busy: boolean; act: Act; changes: number }): ReactNode {
  const { i18n } = useDocusaurusContext();
  const [email, setEmail] = useState('');
  const [until, setUntil] = useState(day(90));
  const [note, setNote] = useState('');
  const [outcome, setOutcome] = useState<Told | null>(null);
  /** Each field, as edited: the last outcome is put away. */
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      setOutcome(null);
      set(value);
    };
  const [problems, setProblems] = useState<Partial<Record<'email' | 'until', string>>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const found = checkFields([
      ['email', 'invite-email', accountAddressProblem(email, 'guest')],
      ['until', 'invite-until', dateProblem(until, i18n.currentLocale)],
    ]);
    setProblems(found ?? {});
    if (found) return;
    void (async () => {
      const done = await act(
        'invite',
        { email: email.trim(), until, note, locale: i18n.currentLocale === 'es' ? 'es' : 'en' },
        ({ previousUntil }) =>
          previousUntil
            ? translate(
                {
                  id: 'admin.invitedAgain',
                  message: '{email} was already invited; the invitation now ends on {until} and a new link was sent.',
                  description: 'After inviting an address whose invitation still stood: its new last day, a new link',
                },
                { email: email.trim(), until: formatDayInWords(until, i18n.currentLocale) },
              )
            : translate(
                {
                  id: 'admin.invited',
                  message: '{email} is invited until {until}; we’ve e-mailed them a sign-in link.',
                  description: 'After inviting: the guest was e-mailed a sign-in link',
                },
                { email: email.trim(), until: formatDayInWords(until, i18n.currentLocale) },
              ),
      );
      // The address is the cause: the refusal is the E-mail field's, like the form's own checks.
      if (done.kind === 'error' && done.code === 'already-admitted') {
        setProblems({ email: done.text });
        document.getElementById('invite-email')?.focus();
        return;
      }
      setOutcome(done);
      if (done.kind === 'info') {
        setEmail('');
        setNote('');
      }
    })();
  };
  return (
    <section aria-labelledby="invite-title">
      <h2 id="invite-title">
        <Translate id="admin.invite.title" description="Heading: invite a guest">
          Invite a guest
        </Translate>
      </h2>
      <form onSubmit={submit} className={forms.form} noValidate>
        <EmailField id="invite-email" value={email} onChange={edit(setEmail)} error={problems.email} />
        <DateField id="invite-until" value={until} onChange={edit(setUntil)} error={problems.until} />
        <label htmlFor="invite-note">
          <Translate id="admin.note" description="Label: note on an invitation">
            Note (who they are, why)
          </Translate>
        </label>
        <input id="invite-note" maxLength={200} value={note} onChange={(event) => edit(setNote)(event.target.value)} />
        <button type="submit" className="button button--primary" disabled={busy}>
          <Translate id="admin.invite" description="Button: invite">
            Invite
          </Translate>
        </button>
      </form>
      <Outcome notice={current(outcome, changes)} />
    </section>
  );
}

/**
 * Suspends any account by its address, after a confirmation naming it and the effect; the admin's
 * own mailbox is refused here at once, as the server would refuse it.
 */
export function SuspendForm({
  busy,
  act,
  confirm,
  isSelf,
  changes,
}: {
  busy: boolean;
  act: Act;
  confirm: Confirm;
  isSelf: (email: string) => boolean;
  changes: number;
}): ReactNode {
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState<Told | null>(null);
  const [problems, setProblems] = useState<Partial<Record<'email' | 'reason', string>>>({});
  const edit = (set: (value: string) => void) => (value: string) => {
    setOutcome(null);
    setProblems({});
    set(value);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const found = checkFields([
      ['email', 'suspend-email', accountAddressProblem(email)],
      ['reason', 'suspend-reason', reason.trim() ? null : suspensionReasonMissing()],
    ]);
    setProblems(found ?? {});
    if (found) return;
    if (isSelf(email.trim())) {
      setOutcome({ kind: 'error', text: describeRefusal('self-suspend'), at: changes });
      return;
    }
    void (async () => {
      // The server suspends existing accounts only: an address no account has is refused here,
      // before a confirmation that would speak of signing someone out.
      if (!(await hasAccount(email.trim()))) {
        setProblems(checkFields([['email', 'suspend-email', describeRefusal('no-account', 'suspend')]]) ?? {});
        return;
      }
      confirmSuspension();
    })();
  };
  const confirmSuspension = () =>
    confirm(
      suspension(
        email.trim(),
        act,
        (done) => {
          setOutcome(done);
          if (done.kind === 'info') {
            setEmail('');
            setReason('');
          }
        },
        reason,
      ),
    );
  return (
    <section aria-labelledby="suspend-title">
      <h2 id="suspend-title">
        <Translate id="admin.suspend.title" description="Heading: suspend an account">
          Suspend an account
        </Translate>
      </h2>
      <form onSubmit={submit} className={forms.form} noValidate>
        <EmailField id="suspend-email" value={email} onChange={edit(setEmail)} error={problems.email} />
        <label htmlFor="suspend-reason">
          <Translate id="admin.reason" description="Label: reason for a suspension">
            Reason
          </Translate>
        </label>
        <input
          id="suspend-reason"
          required
          maxLength={200}
          value={reason}
          onChange={(event) => edit(setReason)(event.target.value)}
          {...invalidProps('suspend-reason', problems.reason)}
        />
        <FieldError id="suspend-reason" error={problems.reason} />
        <button type="submit" className={`button ${styles.danger}`} disabled={busy}>
          <Translate id="admin.suspend" description="Button: suspend">
            Suspend
          </Translate>
        </button>
      </form>
      <Outcome notice={current(outcome, changes)} />
    </section>
  );
}

/**
 * Whether an account has this address, as the admins' list finds it; true when the list cannot
 * be read, so the server's own answer decides.
 */
async function hasAccount(email: string): Promise<boolean> {
  const found = await listAccess({ text: email });
  if (!found.ok) return true;
  const wanted = canonicalMailbox(email);
  return found.value.entries.some((entry) => canonicalMailbox(entry.email) === wanted);
}
