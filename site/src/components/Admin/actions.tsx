import type { ReactNode } from 'react';
import { translate } from '@docusaurus/Translate';
import type { AdminChangeBody } from '@trust/access-policy';
import type { AccessEntry, AdminAction } from '../../auth/adminApi';

/** Makes one change through the admins' API and says `done` when it is made; false otherwise. */
export type Act = (action: AdminAction, fields: AdminChangeBody, done: string) => Promise<boolean>;

/** A row's change: an invitation is revoked, a suspension lifted; an admin's row has none. */
export function EntryAction({ entry, busy, act }: { entry: AccessEntry; busy: boolean; act: Act }): ReactNode {
  const email = entry.email;
  const change =
    entry.kind === 'invited'
      ? {
          action: 'revoke' as const,
          label: translate({ id: 'admin.revoke', message: 'Revoke', description: 'Button: end an invitation' }),
          done: translate(
            { id: 'admin.revoked', message: 'The invitation of {email} has ended.', description: 'After revoking' },
            { email },
          ),
        }
      : entry.kind === 'suspended'
        ? {
            action: 'restore' as const,
            label: translate({ id: 'admin.restore', message: 'Restore', description: 'Button: lift a suspension' }),
            done: translate(
              { id: 'admin.restored', message: '{email} may sign in again.', description: 'After restoring' },
              { email },
            ),
          }
        : null;
  if (!change) return null;
  return (
    <ActionButton
      label={change.label}
      email={email}
      busy={busy}
      onClick={() => void act(change.action, { email }, change.done)}
    />
  );
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
