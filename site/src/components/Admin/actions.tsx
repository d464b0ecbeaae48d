import { useEffect, useRef, type ReactNode } from 'react';
import { translate } from '@docusaurus/Translate';
import type { AdminChangeBody } from '@trust/access-policy';
import type { AccessEntry, AdminAction, ChangeMade } from '../../auth/adminApi';
import type { Notice } from '../SignIn/Fields';
import type { Confirmation } from './ConfirmDialog';
import styles from './styles.module.css';
import { suspensionReasonMissing } from './messages';
import { BreakAfter } from '../SignIn/BreakAfter';

/**
 * What to tell the admin after a change, and `at`: how many changes the page had made when it was
 * said. It stands until the next change made on the page, anywhere (`current`).
 */
export type Told = NonNullable<Notice> & {
  at: number;
  /** The API's code for a refusal, so a form can show it under the field it is about. */
  code?: string;
};

/** A told outcome while no change has been made since; null once one has. */
export const current = (told: Told | null, changes: number): Told | null => (told && told.at === changes ? told : null);

/**
 * Makes one change through the admins' API; resolves to what to tell the admin, `done` when it
 * was made (words, or words chosen by what the API said of the change).
 */
export type Act = (
  action: AdminAction,
  fields: AdminChangeBody,
  done: string | ((made: ChangeMade) => string),
) => Promise<Told>;

/** Opens the confirmation of a change that signs someone out or cannot be taken back. */
export type Confirm = (confirmation: Confirmation) => void;

/**
 * The outcome of a change, shown where the admin made it: focus moves to it, so a screen reader
 * says it and a phone scrolls to it.
 */
export function Outcome({ notice }: { notice: Notice }): ReactNode {
  const element = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice) element.current?.focus();
  }, [notice]);
  if (!notice) return null;
  return (
    <p
      ref={element}
      tabIndex={-1}
      role={notice.kind === 'error' ? 'alert' : 'status'}
      className={notice.kind === 'error' ? styles.outcomeError : styles.outcome}
    >
      <BreakAfter text={notice.text} marks="@" />
    </p>
  );
}

/** What the changes an admin makes from a row of the list are given: the row, and how to act and say so. */
export interface RowActions {
  entry: AccessEntry;
  busy: boolean;
  act: Act;
  confirm: Confirm;
  onDone(notice: Told): void;
  /** The row is the signed-in admin's own account (its mailbox), which they may not suspend. */
  isSelf: boolean;
}

/** What an admin may do to a row: revoke an invitation, lift a suspension, suspend anyone but themselves. */
export function EntryAction({ entry, busy, act, confirm, onDone, isSelf }: RowActions): ReactNode {
  const { email } = entry;
  // A request is answered on its card, above the list: the row says where.
  if (entry.kind === 'request')
    return (
      <a href="#requests-title">
        {translate({
          id: 'admin.list.answerAbove',
          message: 'Answer it under Requests waiting',
          description: 'Admin list: the action cell of a request, linking to the requests section',
        })}
      </a>
    );
  if (entry.kind === 'decided') return null;
  if (entry.kind === 'suspended')
    return (
      <ActionButton
        label={translate({ id: 'admin.restore', message: 'Restore', description: 'Button: lift a suspension' })}
        email={email}
        busy={busy}
        onClick={async () =>
          onDone(
            await act(
              'restore',
              { email },
              translate(
                { id: 'admin.restored', message: '{email} may sign in again.', description: 'After restoring' },
                { email },
              ),
            ),
          )
        }
      />
    );
  if (entry.kind === 'invited')
    return (
      <ActionButton
        label={translate({ id: 'admin.revoke', message: 'Revoke', description: 'Button: end an invitation' })}
        email={email}
        busy={busy}
        onClick={() =>
          confirm({
            title: translate(
              {
                id: 'admin.confirm.revokeTitle',
                message: 'Revoke the invitation of {email}?',
                description: 'Confirmation: revoke an invitation',
              },
              { email },
            ),
            effect: translate(
              {
                id: 'admin.confirm.revokeEffect',
                message:
                  '{email} is signed out everywhere within a few minutes at most and can no longer read the documentation. You can invite them again later.',
                description: 'Confirmation: what revoking does',
              },
              { email },
            ),
            confirm: translate({
              id: 'admin.confirm.revoke',
              message: 'Revoke the invitation',
              description: 'Button that confirms revoking',
            }),
            onConfirm: async () =>
              onDone(
                await act(
                  'revoke',
                  { email },
                  translate(
                    {
                      id: 'admin.revoked',
                      message: 'The invitation of {email} has ended.',
                      description: 'After revoking',
                    },
                    { email },
                  ),
                ),
              ),
          })
        }
      />
    );
  if (isSelf)
    return (
      <span className={styles.self}>
        {translate({
          id: 'admin.self',
          message: 'Your own account',
          description: 'Admin list: in place of Suspend on the admin’s own row, which they cannot suspend',
        })}
      </span>
    );
  return (
    <ActionButton
      label={translate({ id: 'admin.suspendShort', message: 'Suspend', description: 'Button: suspend this account' })}
      email={email}
      busy={busy}
      onClick={() => confirm(suspension(email, act, onDone))}
    />
  );
}

/** The confirmation of a suspension; `reason` when it was written already (the form), asked for otherwise. */
export function suspension(email: string, act: Act, onDone: (notice: Told) => void, reason?: string): Confirmation {
  return {
    title: translate(
      { id: 'admin.confirm.suspendTitle', message: 'Suspend {email}?', description: 'Confirmation: suspend' },
      { email },
    ),
    effect: translate(
      {
        id: 'admin.confirm.suspendEffect',
        message:
          'This signs {email} out everywhere within a few minutes at most, and they cannot sign in again until an admin restores the account.',
        description: 'Confirmation: what a suspension does',
      },
      { email },
    ),
    confirm: translate({
      id: 'admin.confirm.suspend',
      message: 'Suspend the account',
      description: 'Button that confirms a suspension',
    }),
    ...(reason === undefined
      ? {
          reason: {
            label: translate({ id: 'admin.reason', message: 'Reason', description: 'Label: reason for a suspension' }),
            missing: suspensionReasonMissing(),
          },
        }
      : {}),
    onConfirm: async (written) =>
      onDone(
        await act(
          'suspend',
          { email, reason: reason ?? written },
          translate(
            {
              id: 'admin.suspended',
              message: '{email} is suspended: signed out everywhere within a few minutes at most.',
              description: 'After suspending',
            },
            { email },
          ),
        ),
      ),
  };
}

/**
 * A button that acts on one person, named with their address for a screen reader. `main`: the
 * page's own size (a request's answer); otherwise a row's smaller button, its words still legible.
 */
export function ActionButton({
  label,
  email,
  busy,
  onClick,
  main = false,
}: {
  label: string;
  email: string;
  busy: boolean;
  onClick(): void;
  main?: boolean;
}): ReactNode {
  return (
    <button
      type="button"
      className={main ? 'button button--secondary' : `button button--secondary button--sm ${styles.rowButton}`}
      disabled={busy}
      aria-label={`${label} ${email}`}
      onClick={onClick}
    >
      {label}
    </button>
  );
}
