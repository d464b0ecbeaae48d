import type { ReactNode } from 'react';
import Head from '@docusaurus/Head';
import Translate, { translate } from '@docusaurus/Translate';
import useBaseUrl from '@docusaurus/useBaseUrl';
import Heading from '@theme/Heading';
import Layout from '@theme/Layout';
import { DOCS_HOME_PATH, RETRY_LINK_ID } from '@trust/access-policy';

/**
 * What the server answers (status 503) for a documentation page it cannot check because the
 * identity provider does not answer. Served in place of the page asked for, so "Try again"
 * loads that page again (the server writes its path into the link); opened directly, the link
 * leads to the documentation's first page.
 */
export default function UnavailablePage(): ReactNode {
  const docsHome = useBaseUrl(DOCS_HOME_PATH);
  return (
    <Layout
      title={translate({
        id: 'unavailable.title',
        message: 'Documentation temporarily unavailable',
        description: 'Title of the page shown when sign-in cannot be checked',
      })}
      description={translate({
        id: 'unavailable.description',
        message: 'The members’ documentation cannot be opened right now because sign-in cannot be checked.',
        description: 'Meta description of the page shown when sign-in cannot be checked',
      })}
    >
      <Head>
        <meta name="robots" content="noindex" />
      </Head>
      <main className="container margin-vert--xl">
        <Heading as="h1">
          <Translate
            id="unavailable.heading"
            description="Main heading of the page shown when sign-in cannot be checked"
          >
            The documentation is temporarily unavailable
          </Translate>
        </Heading>
        <p>
          <Translate id="unavailable.explanation" description="Why the documentation cannot be opened">
            We cannot check your sign-in right now: the sign-in service is not answering. Your session is not lost, and
            there is no need to sign in again.
          </Translate>
        </p>
        <p>
          <Translate id="unavailable.advice" description="What the reader can do">
            This usually lasts a few minutes. Wait a moment and try again; the public pages of the site keep working in
            the meantime.
          </Translate>
        </p>
        <p>
          <a id={RETRY_LINK_ID} href={docsHome} className="button button--primary">
            <Translate id="unavailable.retry" description="Link that loads the documentation page again">
              Try again
            </Translate>
          </a>
        </p>
      </main>
    </Layout>
  );
}
