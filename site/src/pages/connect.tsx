import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import Translate, { translate } from '@docusaurus/Translate';
import { useLocation } from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import { SIGN_IN_PATH, type ConnectErrorCode, type ConnectRequestView } from '@trust/access-policy';
import { hasServerSession } from '../auth/session';
import { readConnectRequest, sendConnectDecision } from '../components/Connect/connectApi';
import styles from '../components/Connect/styles.module.css';

type Phase =
  | { kind: 'loading' }
  | { kind: 'asking'; view: ConnectRequestView }
  | { kind: 'sending'; view: ConnectRequestView; decision: 'allow' | 'deny' }
  | { kind: 'leaving'; view: ConnectRequestView; decision: 'allow' | 'deny' }
  | { kind: 'failed'; code: ConnectErrorCode | 'no-request' };

function problemOf(code: ConnectErrorCode | 'no-request'): string {
  switch (code) {
    case 'no-request':
      return translate({
        id: 'connect.problem.noRequest',
        message:
          'This page is where an AI assistant asks to read the documentation for you. Open it from your assistant: add this site to it, and it brings you here.',
        description: 'Connect page opened without a request from an assistant',
      });
    case 'request-expired':
      return translate({
        id: 'connect.problem.expired',
        message: 'This request from your assistant has expired. Start the connection again from the assistant.',
        description: 'Connect page: the request is too old',
      });
    case 'request-invalid':
      return translate({
        id: 'connect.problem.invalid',
        message:
          'This connection request is not valid, or this site no longer knows the assistant that made it. Start the connection again from your assistant.',
        description: 'Connect page: the request does not verify or its client is gone',
      });
    case 'assistants-full':
      return translate({
        id: 'connect.problem.assistantsFull',
        message:
          'Your account has no room for another assistant. Disconnect one you no longer use under Connected assistants, in your account menu, then start the connection again from your assistant.',
        description: 'Connect page: the member’s account has no room for another assistant',
      });
    case 'rate-limited':
      return translate({
        id: 'connect.problem.rateLimited',
        message: 'Too many attempts from your network. Wait a minute and try again.',
        description: 'Connect page: rate limited',
      });
    default:
      return translate({
        id: 'connect.problem.unavailable',
        message: 'The site cannot answer right now. Try again in a few minutes.',
        description: 'Connect page: the server or the identity provider is unavailable',
      });
  }
}

/** The problems the reader solves by starting the connection again from the assistant. */
const STARTS_AGAIN: ReadonlySet<ConnectErrorCode | 'no-request'> = new Set([
  'no-request',
  'request-expired',
  'request-invalid',
]);

/** The guide on connecting an assistant, not by its own title: this page is public, and no title of the documentation may be. */
function GuideLink(): ReactNode {
  return (
    <Link to="/docs/documentation/ai-assistants">
      <Translate id="connect.problem.guideLink" description="Link to the guide on connecting an assistant">
        the documentation’s guide to AI assistants
      </Translate>
    </Link>
  );
}

/** To the sign-in page, which returns here, to this very request, once the reader is signed in. */
function signInAndComeBack(signInPage: string): void {
  window.location.replace(
    `${signInPage}?next=${encodeURIComponent(`${window.location.pathname}${window.location.search}`)}`,
  );
}

/**
 * `/connect`: where the site's authorization server sends a member whose AI assistant asks to read
 * the documentation. A reader without a session goes through the sign-in page (every way in) and
 * comes back; then the member sees which assistant asks, what it will be able to do, and allows it
 * or not. Only the member's own answer, checked by the server, gives the assistant a code.
 */
export default function ConnectPage(): ReactNode {
  const location = useLocation();
  const signInPage = useBaseUrl(SIGN_IN_PATH);
  const params = new URLSearchParams(location.search);
  const request = params.get('request');
  // The server sends a browser here when it refused an assistant's request outright.
  const isRefused = params.get('problem') === 'request-invalid';
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!request) {
      setPhase({ kind: 'failed', code: isRefused ? 'request-invalid' : 'no-request' });
      return;
    }
    let isCurrent = true;
    const toSignIn = () => signInAndComeBack(signInPage);
    void (async () => {
      // Asked first, so that a reader without a session goes to sign in without a refused request.
      const hasSession = await hasServerSession().catch(() => true);
      if (!isCurrent) return;
      if (!hasSession) return toSignIn();
      const answer = await readConnectRequest(request);
      if (!isCurrent) return;
      if (answer.ok) setPhase({ kind: 'asking', view: answer.value });
      else if (answer.code === 'sign-in-required') toSignIn();
      else setPhase({ kind: 'failed', code: answer.code });
    })();
    return () => {
      isCurrent = false;
    };
  }, [request, isRefused, signInPage]);

  useEffect(() => {
    if (phase.kind === 'asking' || phase.kind === 'failed') heading.current?.focus();
  }, [phase.kind]);

  const decide = useCallback(
    async (view: ConnectRequestView, decision: 'allow' | 'deny') => {
      setPhase({ kind: 'sending', view, decision });
      const answer = await sendConnectDecision(request!, decision);
      if (!answer.ok) {
        if (answer.code === 'sign-in-required') signInAndComeBack(signInPage);
        else setPhase({ kind: 'failed', code: answer.code });
        return;
      }
      setPhase({ kind: 'leaving', view, decision });
      window.location.assign(answer.value.redirect);
    },
    [request, signInPage],
  );

  const title = translate({
    id: 'connect.pageTitle',
    message: 'Connect an AI assistant',
    description: 'Title of the page where a member allows an AI assistant',
  });

  return (
    <Layout
      title={title}
      description={translate({
        id: 'connect.pageDescription',
        message: 'Allow an AI assistant to search and read the members’ documentation for you.',
        description: 'Meta description of the connect page',
      })}
    >
      <main className={`container margin-vert--lg ${styles.panel}`}>
        {phase.kind === 'loading' && (
          <>
            <Heading as="h1">{title}</Heading>
            <p role="status">
              <Translate id="connect.loading" description="Connect page while the request is read">
                Reading your assistant’s request…
              </Translate>
            </p>
          </>
        )}
        {phase.kind === 'failed' && (
          <>
            <h1 ref={heading} tabIndex={-1}>
              {title}
            </h1>
            <p role="alert">{problemOf(phase.code)}</p>
            {STARTS_AGAIN.has(phase.code) && (
              <p>
                <Translate
                  id="connect.problem.guide"
                  description="Connect page, under a request that cannot be used: where connecting is explained; {guide} links to the guide"
                  values={{ guide: <GuideLink /> }}
                >
                  {'How to add this site to an assistant, step by step, is in {guide}.'}
                </Translate>
              </p>
            )}
          </>
        )}
        {phase.kind !== 'loading' && phase.kind !== 'failed' && (
          <Consent phase={phase} headingRef={heading} onDecide={decide} />
        )}
      </main>
    </Layout>
  );
}

function Consent({
  phase,
  headingRef,
  onDecide,
}: {
  phase: Extract<Phase, { view: ConnectRequestView }>;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onDecide: (view: ConnectRequestView, decision: 'allow' | 'deny') => void;
}): ReactNode {
  const { view } = phase;
  const isBusy = phase.kind !== 'asking';
  return (
    <>
      <h1 ref={headingRef} tabIndex={-1}>
        <Translate
          id="connect.heading"
          description="Connect page heading; {client} is the assistant's own name"
          values={{ client: view.clientName }}
        >
          {'Allow {client} to read the documentation?'}
        </Translate>
      </h1>
      <p>
        <Translate
          id="connect.signedInAs"
          description="Connect page: who is signed in"
          values={{ email: <strong>{view.email}</strong> }}
        >
          {'You are signed in as {email}.'}
        </Translate>
      </p>
      <Heading as="h2">
        <Translate id="connect.can.heading" description="Connect page: heading of what the assistant may do">
          If you allow it, the assistant can
        </Translate>
      </Heading>
      <ul>
        <li>
          <Translate id="connect.can.search" description="Connect page: the assistant may search">
            search the Intrusion Sentinel documentation, in English and Spanish;
          </Translate>
        </li>
        <li>
          <Translate id="connect.can.read" description="Connect page: the assistant may read pages">
            read its pages as Markdown, with the address of each page, as long as you may read them yourself.
          </Translate>
        </li>
      </ul>
      <Heading as="h2">
        <Translate id="connect.cannot.heading" description="Connect page: heading of what the assistant may not do">
          It cannot
        </Translate>
      </Heading>
      <ul>
        <li>
          <Translate id="connect.cannot.change" description="Connect page: the assistant changes nothing">
            change anything on this site, or see your account, other members or the admin page.
          </Translate>
        </li>
      </ul>
      <p>
        <Translate id="connect.losesAccess" description="Connect page: when the assistant's access ends">
          It loses access when you sign out (which disconnects every assistant), when your access ends, when an admin
          disconnects it, or when you disconnect it under Connected assistants in your account menu.
        </Translate>
      </p>
      <dl className={styles.facts}>
        <dt>
          <Translate id="connect.facts.identity" description="Connect page: where the assistant's identity comes from">
            The assistant’s identity
          </Translate>
        </dt>
        <dd>
          {view.clientHost === 'registered' ? (
            <Translate
              id="connect.facts.registered"
              description="Connect page: a dynamically registered client names itself"
            >
              It registered itself with this site, so the name above is the one it chose: this site cannot confirm it.
            </Translate>
          ) : (
            <Translate
              id="connect.facts.document"
              description="Connect page: the client's metadata document host"
              values={{ host: <code>{view.clientHost}</code> }}
            >
              {'Described by a document published at {host}: this site trusts that host to say who the assistant is.'}
            </Translate>
          )}
        </dd>
        <dt>
          <Translate id="connect.facts.returns" description="Connect page: where the answer goes">
            Your answer goes back to
          </Translate>
        </dt>
        <dd>
          <ReturnAddress origin={view.redirectOrigin} />
        </dd>
      </dl>
      <p>
        <Translate id="connect.onlyIfYou" description="Connect page: only allow an assistant you started">
          Allow it only if you have just started this connection from your assistant yourself.
        </Translate>
      </p>
      <div className={styles.actions}>
        <button
          type="button"
          className="button button--primary"
          disabled={isBusy}
          onClick={() => onDecide(view, 'allow')}
        >
          <Translate id="connect.allow" description="Connect page: the button that allows the assistant">
            Allow
          </Translate>
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={isBusy}
          onClick={() => onDecide(view, 'deny')}
        >
          <Translate id="connect.deny" description="Connect page: the button that refuses the assistant">
            Don’t allow
          </Translate>
        </button>
      </div>
      <p role="status">
        {phase.kind === 'leaving' &&
          (phase.decision === 'allow' ? (
            <Translate
              id="connect.leaving.allowed"
              description="Connect page: after allowing, returning to the assistant"
            >
              Allowed. Returning you to your assistant…
            </Translate>
          ) : (
            <Translate
              id="connect.leaving.denied"
              description="Connect page: after refusing, returning to the assistant"
            >
              Refused. Returning you to your assistant…
            </Translate>
          ))}
      </p>
    </>
  );
}

/**
 * Where the answer goes: an assistant on the member's own machine listens on a loopback address,
 * which means nothing to most members, so it is named as what it is; the address and port wait in
 * a disclosure for the member who wants to check them.
 */
function ReturnAddress({ origin }: { origin: string }): ReactNode {
  const loopback = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(?::(\d+))?$/.exec(origin);
  if (!loopback) return <code>{origin}</code>;
  const [, host, port] = loopback;
  return (
    <>
      <Translate
        id="connect.facts.thisComputer"
        description="Connect page: the answer goes to a program on the member's computer (its loopback address follows under Details)"
      >
        a program on this computer
      </Translate>
      <details className={styles.details}>
        <summary>
          <Translate
            id="connect.facts.details"
            description="Connect page: disclosure holding the loopback address and port"
          >
            Details
          </Translate>
        </summary>
        <span>
          {port ? (
            <Translate
              id="connect.facts.loopbackPort"
              description="Connect page, under Details: the loopback address and port the answer goes to"
              values={{ host: <code>{host}</code>, port }}
            >
              {'{host}, port {port}'}
            </Translate>
          ) : (
            <code>{host}</code>
          )}
        </span>
      </details>
    </>
  );
}
