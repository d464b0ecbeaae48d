import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import Translate, { translate } from '@docusaurus/Translate';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { SIGN_IN_PATH, type AssistantsErrorCode, type ConnectedAssistant } from '@trust/access-policy';
import ConfirmDialog, { type Confirmation } from '../../components/Admin/ConfirmDialog';
import { formatMoment } from '../../components/Admin/dates';
import { disconnectAssistant, readAssistants } from '../../components/Assistants/assistantsApi';
import { readServerSession } from '../../auth/session';
import styles from '../../components/Assistants/styles.module.css';

type Phase =
  | { kind: 'loading' }
  | { kind: 'listed'; assistants: ConnectedAssistant[] }
  | { kind: 'failed'; code: AssistantsErrorCode };

/** What went wrong, in the reader's words; the way to sign in is handled before this. */
function problemOf(code: AssistantsErrorCode): string {
  if (code === 'no-assistant')
    return translate({
      id: 'assistants.problem.gone',
      message: 'That assistant was already disconnected. The list below is up to date.',
      description: 'Member assistants page: the assistant disconnected meanwhile (another tab or an admin)',
    });
  if (code === 'rate-limited')
    return translate({
      id: 'assistants.problem.rateLimited',
      message: 'Too many attempts from your network. Wait a minute and try again.',
      description: 'Member assistants page: rate limited',
    });
  return translate({
    id: 'assistants.problem.unavailable',
    message: 'The site cannot answer right now. Try again in a few minutes.',
    description: 'Member assistants page: the server or the identity provider is unavailable',
  });
}

/** To the sign-in page, which brings the reader back here once signed in. */
function signInAndComeBack(signInPage: string): void {
  window.location.replace(`${signInPage}?next=${encodeURIComponent(window.location.pathname)}`);
}

/**
 * `/account/assistants`: the signed-in member's own AI assistants, as "connected apps" pages show
 * them: which, since when, last used, and a Disconnect that asks first. The page holds no data
 * itself: the server answers only the session's own member.
 */
export default function AssistantsPage(): ReactNode {
  const { i18n } = useDocusaurusContext();
  const signInPage = useBaseUrl(SIGN_IN_PATH);
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [outcome, setOutcome] = useState<{ text: string; isError: boolean } | null>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);

  const show = useCallback(
    (answer: Awaited<ReturnType<typeof readAssistants>>) => {
      if (answer.ok) setPhase({ kind: 'listed', assistants: answer.value.assistants });
      else if (answer.code === 'sign-in-required') signInAndComeBack(signInPage);
      else setPhase({ kind: 'failed', code: answer.code });
    },
    [signInPage],
  );

  useEffect(() => {
    let isCurrent = true;
    void (async () => {
      // A signed-out reader goes to sign-in without asking for a list only a session may read.
      const session = await readServerSession().catch(() => null);
      if (!isCurrent) return;
      if (session && !session.active) return signInAndComeBack(signInPage);
      const answer = await readAssistants();
      if (isCurrent) show(answer);
    })();
    return () => {
      isCurrent = false;
    };
  }, [show, signInPage]);

  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const disconnect = async (assistant: ConnectedAssistant, name: string) => {
    const answer = await disconnectAssistant(assistant.key);
    if (answer.ok) {
      show(answer);
      setOutcome({
        text: translate(
          {
            id: 'assistants.disconnected',
            message:
              '{name} is disconnected: within a few minutes at most, it can no longer search or read the documentation for you. You can connect it again at any time from the assistant itself.',
            description: 'Member assistants page: after disconnecting one',
          },
          { name },
        ),
        isError: false,
      });
      return;
    }
    if (answer.code === 'sign-in-required') return signInAndComeBack(signInPage);
    setOutcome({ text: problemOf(answer.code), isError: true });
    if (answer.code === 'no-assistant') show(await readAssistants());
  };

  const title = translate({
    id: 'assistants.pageTitle',
    message: 'Connected assistants',
    description: 'Title of the page where a member sees and disconnects their AI assistants',
  });
  const when = (iso: string) => formatMoment(iso, i18n.currentLocale);
  // Not the guide's own title: this page is public, and no title of the documentation may be.
  const guideLink = (
    <Link to="/docs/documentation/ai-assistants">
      <Translate id="assistants.guideLink" description="Link to the guide on connecting an assistant">
        the documentation’s guide to AI assistants
      </Translate>
    </Link>
  );

  return (
    <Layout
      title={title}
      description={translate({
        id: 'assistants.pageDescription',
        message:
          'The AI assistants you allowed to read the members’ documentation for you, and how to disconnect them.',
        description: 'Meta description of the member assistants page',
      })}
    >
      <main className={`container margin-vert--lg ${styles.page}`}>
        <Heading as="h1">{title}</Heading>
        <p>
          <Translate id="assistants.intro" description="Member assistants page: what it is for">
            This page lists the AI assistants you allowed to search and read the members’ documentation for you.
          </Translate>
          {phase.kind === 'listed' && phase.assistants.length > 0 && (
            <>
              {' '}
              <Translate
                id="assistants.disconnectHint"
                description="Member assistants page: what disconnecting one does"
              >
                Disconnect one you no longer use: it loses access within a few minutes at most, your other assistants
                keep working, and you can connect it again later.
              </Translate>
            </>
          )}
        </p>
        {outcome && (
          <p
            ref={outcomeRef}
            tabIndex={-1}
            role={outcome.isError ? 'alert' : 'status'}
            className={outcome.isError ? styles.error : styles.done}
          >
            {outcome.text}
          </p>
        )}
        {phase.kind === 'loading' && (
          <p role="status">
            <Translate id="assistants.loading" description="Member assistants page while the list is read">
              Reading your assistants…
            </Translate>
          </p>
        )}
        {phase.kind === 'failed' && <p role="alert">{problemOf(phase.code)}</p>}
        {phase.kind === 'listed' && phase.assistants.length === 0 && (
          <p>
            <Translate
              id="assistants.none"
              description="Member assistants page: no assistant connected; {guide} links to the guide"
              values={{ guide: guideLink }}
            >
              {'You have no connected assistants. To connect one, see {guide}.'}
            </Translate>
          </p>
        )}
        {phase.kind === 'listed' && phase.assistants.length > 0 && (
          <ul className={styles.list} aria-label={title}>
            {phase.assistants.map((assistant) => {
              const name = assistant.name || assistant.key;
              return (
                <li key={assistant.key} className={styles.item} data-testid="member-assistant">
                  <Heading as="h2" className={styles.name}>
                    {name}
                  </Heading>
                  <dl className={styles.facts}>
                    <div>
                      <dt>
                        <Translate id="assistants.since" description="Member assistants page: when it was allowed">
                          Connected since
                        </Translate>
                      </dt>
                      <dd>{when(assistant.allowedAt)}</dd>
                    </div>
                    <div>
                      <dt>
                        <Translate id="assistants.lastUsed" description="Member assistants page: when it last worked">
                          Last used
                        </Translate>
                      </dt>
                      <dd>
                        {assistant.lastUsedAt
                          ? when(assistant.lastUsedAt)
                          : translate({
                              id: 'assistants.neverUsed',
                              message: 'Not yet',
                              description: 'Member assistants page: an assistant that has not searched or read yet',
                            })}
                      </dd>
                    </div>
                  </dl>
                  <button
                    type="button"
                    className={`button button--secondary ${styles.disconnect}`}
                    onClick={() =>
                      setConfirmation({
                        title: translate(
                          {
                            id: 'assistants.confirm.title',
                            message: 'Disconnect {name}?',
                            description: 'Member assistants page: confirmation question',
                          },
                          { name },
                        ),
                        effect: translate(
                          {
                            id: 'assistants.confirm.effect',
                            message:
                              '{name} loses access to the documentation within a few minutes at most. Your other assistants and your own access stay as they are; you can connect it again later.',
                            description: 'Member assistants page: what disconnecting does',
                          },
                          { name },
                        ),
                        confirm: translate({
                          id: 'assistants.confirm.button',
                          message: 'Disconnect',
                          description: 'Member assistants page: button that confirms the disconnection',
                        }),
                        onConfirm: () => disconnect(assistant, name),
                      })
                    }
                  >
                    {translate(
                      {
                        id: 'assistants.disconnect',
                        message: 'Disconnect {name}',
                        description: 'Member assistants page: button that starts disconnecting one assistant',
                      },
                      { name },
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
      </main>
    </Layout>
  );
}
