import { useState, type FormEvent, type ReactNode } from 'react';
import Translate, { translate } from '@docusaurus/Translate';
import { EmailField } from '../SignIn/Fields';
import type { Act } from './actions';
import { DateField, day } from './fields';
import styles from './styles.module.css';
import forms from '../forms.module.css';

/** Invites a guest until a chosen day, with a note on who they are. */
export function InviteForm({ busy, act }: { busy: boolean; act: Act }): ReactNode {
  const [email, setEmail] = useState('');
  const [until, setUntil] = useState(day(90));
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void (async () => {
      const done = await act(
        'invite',
        { email: email.trim(), until, note },
        translate(
          { id: 'admin.invited', message: '{email} is invited until {until}.', description: 'After inviting' },
          { email: email.trim(), until },
        ),
      );
      if (done) {
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
      <form onSubmit={submit} className={forms.form}>
        <EmailField id="invite-email" value={email} onChange={setEmail} />
        <DateField id="invite-until" value={until} onChange={setUntil} />
        <label htmlFor="invite-note">
          <Translate id="admin.note" description="Label: note on an invitation">
            Note (who they are, why)
          </Translate>
        </label>
        <input id="invite-note" maxLength={200} value={note} onChange={(event) => setNote(event.target.value)} />
        <button type="submit" className="button button--primary" disabled={busy}>
          <Translate id="admin.invite" description="Button: invite">
            Invite
          </Translate>
        </button>
      </form>
    </section>
  );
}

/** Suspends an account: its mailbox is signed out everywhere and refused until restored. */
export function SuspendForm({ busy, act }: { busy: boolean; act: Act }): ReactNode {
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void (async () => {
      const done = await act(
        'suspend',
        { email: email.trim(), reason },
        translate(
          {
            id: 'admin.suspended',
            message: '{email} is suspended: signed out everywhere.',
            description: 'After suspending',
          },
          { email: email.trim() },
        ),
      );
      if (done) {
        setEmail('');
        setReason('');
      }
    })();
  };
  return (
    <section aria-labelledby="suspend-title">
      <h2 id="suspend-title">
        <Translate id="admin.suspend.title" description="Heading: suspend an account">
          Suspend an account
        </Translate>
      </h2>
      <form onSubmit={submit} className={forms.form}>
        <EmailField id="suspend-email" value={email} onChange={setEmail} />
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
          onChange={(event) => setReason(event.target.value)}
        />
        <button type="submit" className={`button ${styles.danger}`} disabled={busy}>
          <Translate id="admin.suspend" description="Button: suspend">
            Suspend
          </Translate>
        </button>
      </form>
    </section>
  );
}
