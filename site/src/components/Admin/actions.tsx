import { useEffect, useRef, type ReactNode } from 'react';
import { translate } from '@docusaurus/Translate';
import type { AdminChangeBody } from '@trust/access-policy';
import type { AccessEntry, AdminAction } from '../../auth/adminApi';
import type { Notice } from '../SignIn/Fields';
import type { Confirmation } from './ConfirmDialog';
import styles from './styles.module.css';
import { suspensionReasonMissing } from './messages';
import { BreakAfter } from '../SignIn/BreakAfter';

/** Makes one change through the admins' API; resolves to what to tell the admin, `done` when it was made. */
export type Act = (action: AdminAction, fields: AdminChangeBody, done: string) => Promise<NonNullable<Notice>>;

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
      <BreakAfter text={notice.text} marks="@." />
    </p>
  );
}

/** What the changes an admin makes from a row of the list are given: the row, and how to act and say so. */
export interface RowActions {
  entry: AccessEntry;
  busy: boolean;
  act: Act;
  confirm: Confirm;
  onDone(notice: NonNullable<Notice>): void;
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
          message: 'Your account: you cannot suspend it.',
          description: 'Admin list: in place of Suspend on the admin’s own row',
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
export function suspension(
  email: string,
  act: Act,
  onDone: (notice: NonNullable<Notice>) => void,
  reason?: string,
): Confirmation {
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

export function ActionButton({
  label,
  email,
  busy,
  onClick,
}: {
  label: string;
  email: string;
  busy: boolean;
  onClick(): void;
}): ReactNode {
  return (
    <button
      type="button"
      className="button button--secondary button--sm"
      disabled={busy}
      aria-label={`${label} ${email}`}
      onClick={onClick}
    >
      {label}
    </button>
  );
}
