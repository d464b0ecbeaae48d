import type { ReactNode } from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Translate, { translate } from '@docusaurus/Translate';
import AccessAdmin from '../components/Admin/AccessAdmin';

/** `/admin`: the centre's admins grant and withdraw access here. The page holds no data itself. */
export default function AdminPage(): ReactNode {
  return (
    <Layout
      title={translate({ id: 'admin.pageTitle', message: 'Access', description: 'Title of the admins’ page' })}
      description={translate({
        id: 'admin.pageDescription',
        message: 'Who may read the members’ documentation, for the centre’s admins.',
        description: 'Meta description of the admins’ page',
      })}
    >
      <main className="container margin-vert--lg">
        <Heading as="h1">
          <Translate id="admin.heading" description="Main heading of the admins’ page">
            Access to the documentation
          </Translate>
        </Heading>
        <AccessAdmin />
      </main>
    </Layout>
  );
}
