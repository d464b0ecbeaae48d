import type { ReactNode } from 'react';
import { translate } from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { ActionButton, type RowActions } from './actions';
import { formatMomentInWords } from './dates';
import { shownText } from './messages';
import styles from './styles.module.css';

/**
 * The AI assistants a member allowed, each by its name, when it was allowed and last used (its key
 * is for the operators' command), with the button that disconnects it: its tokens stop
 * working at once on the instance that made the change and within the re-check on the others.
 */
export function Assistants({ entry, busy, act, confirm, onDone }: RowActions): ReactNode {
  const { i18n } = useDocusaurusContext();
  const { email } = entry;
  return (
    <div className={styles.assistants}>
      <p className={styles.assistantsTitle}>
        {translate(
          {
            id: 'admin.assistants.title',
            message: 'AI assistants {email} has connected',
            description: 'Admin: heading of the list of a member’s connected AI assistants',
          },
          { email },
        )}
      </p>
      {/* Its tokens are refused while the account is; the list stays, for when it is restored. */}
      {(entry.kind === 'suspended' || entry.also?.includes('suspended')) && (
        <p className={styles.assistantsCutOff}>
          {translate({
            id: 'admin.assistants.suspended',
            message: 'No access while the account is suspended.',
            description: 'Admin: beside the AI assistants of a suspended account',
          })}
        </p>
      )}
      <ul>
        {entry.assistants.map((assistant) => {
          const name = shownText(assistant.name) || assistant.key;
          return (
            <li key={assistant.key}>
              {assistant.lastUsedAt
                ? translate(
                    {
                      id: 'admin.assistants.used',
                      message: '{name}: allowed {allowed}, last used {used}',
                      description: 'Admin: one connected AI assistant, when it was allowed and last used',
                    },
                    {
                      name,
                      allowed: formatMomentInWords(assistant.allowedAt, i18n.currentLocale),
                      used: formatMomentInWords(assistant.lastUsedAt, i18n.currentLocale),
                    },
                  )
                : translate(
                    {
                      id: 'admin.assistants.unused',
                      message: '{name}: allowed {allowed}, not used yet',
                      description: 'Admin: one connected AI assistant, allowed but not yet used',
                    },
                    { name, allowed: formatMomentInWords(assistant.allowedAt, i18n.currentLocale) },
                  )}{' '}
              <ActionButton
                label={translate(
                  {
                    id: 'admin.assistants.disconnect',
                    message: 'Disconnect {name}',
                    description: 'Button: end one AI assistant’s access',
                  },
                  { name },
                )}
                email={email}
                busy={busy}
                onClick={() =>
                  confirm({
                    title: translate(
                      {
                        id: 'admin.confirm.disconnectTitle',
                        message: 'Disconnect {name} from {email}?',
                        description: 'Confirmation: disconnect an AI assistant',
                      },
                      { name, email },
                    ),
                    effect: translate(
                      {
                        id: 'admin.confirm.disconnectEffect',
                        message:
                          '{name} loses access to the documentation for {email} within a few minutes at most. Their other assistants and their own access stay as they are; they can connect it again.',
                        description: 'Confirmation: what disconnecting an assistant does',
                      },
                      { name, email },
                    ),
                    confirm: translate({
                      id: 'admin.confirm.disconnect',
                      message: 'Disconnect the assistant',
                      description: 'Button that confirms disconnecting an AI assistant',
                    }),
                    onConfirm: async () =>
                      onDone(
                        await act(
                          'disconnect',
                          { email, client: assistant.key },
                          translate(
                            {
                              id: 'admin.disconnected',
                              message: '{name} is disconnected from {email}.',
                              description: 'After disconnecting an AI assistant',
                            },
                            { name, email },
                          ),
                        ),
                      ),
                  })
                }
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
