import type { ReactNode } from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Translate, { translate } from '@docusaurus/Translate';
import SignOut from '../components/SignOut';

/** `/logOut`: visiting it signs the reader out. */
export default function LogOutPage(): ReactNode {
  return (
    <Layout
      title={translate({
        id: 'auth.signOut.pageTitle',
        message: 'Sign out',
        description: 'Title of the sign-out page',
      })}
      description={translate({
        id: 'auth.signOut.pageDescription',
        message: 'Sign out of the members’ documentation.',
        description: 'Meta description of the sign-out page',
      })}
    >
      <main className="container margin-vert--lg">
        <Heading as="h1">
          <Translate id="auth.signOut.heading" description="Main heading of the sign-out page">
            Sign out
          </Translate>
        </Heading>
        <SignOut />
      </main>
    </Layout>
  );
}
