import { useState, type FormEvent, type ReactNode } from 'react';
import Translate, { translate } from '@docusaurus/Translate';
import type { AccessEntry } from '../../auth/adminApi';
import { ActionButton, type Act } from './actions';
import { DateField, day } from './fields';
import styles from './styles.module.css';
import forms from '../forms.module.css';

/** A request for access, approved as an invitation until the chosen day, or declined. */
export default function RequestItem({ entry, busy, act }: { entry: AccessEntry; busy: boolean; act: Act }): ReactNode {
  const [until, setUntil] = useState(day(90));
  const id = `until-${entry.email.replace(/[^\w]/g, '-')}`;
  const approve = (event: FormEvent) => {
    event.preventDefault();
    void act(
      'approve',
      { email: entry.email, until },
      translate(
        {
          id: 'admin.approved',
          message: '{email} is invited until {until}.',
          description: 'After approving a request',
        },
        { email: entry.email, until },
      ),
    );
  };
  return (
    <li>
      <form onSubmit={approve} className={`${forms.form} ${styles.request}`}>
        <p>
          <strong>{entry.email}</strong>: {entry.note}
        </p>
        <DateField id={id} value={until} onChange={setUntil} />
        <div className={styles.row}>
          <button
            type="submit"
            className="button button--primary button--sm"
            disabled={busy}
            aria-label={`${translate({ id: 'admin.approve', message: 'Approve', description: 'Button: approve a request' })} ${entry.email}`}
          >
            <Translate id="admin.approve" description="Button: approve a request">
              Approve
            </Translate>
          </button>
          <ActionButton
            label={translate({ id: 'admin.decline', message: 'Decline', description: 'Button: decline a request' })}
            email={entry.email}
            busy={busy}
            onClick={() =>
              void act(
                'decline',
                { email: entry.email },
                translate(
                  {
                    id: 'admin.declined',
                    message: 'The request of {email} was declined.',
                    description: 'After declining',
                  },
                  { email: entry.email },
                ),
              )
            }
          />
        </div>
      </form>
    </li>
  );
}
