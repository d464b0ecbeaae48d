import type { ReactNode } from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Translate, { translate } from '@docusaurus/Translate';
import AccessAdmin from '../components/Admin/AccessAdmin';
import styles from '../components/Admin/styles.module.css';

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
      <main className={`container margin-vert--lg ${styles.page}`}>
        <Heading as="h1">
          <Translate id="admin.heading" description="Main heading of the admins’ page">
            Access to the documentation
          </Translate>
        </Heading>
        <p>
          <Translate id="admin.intro" description="What the admins' page is for">
            Staff and students read with their university address; nothing needs doing here for them. On this page you
            answer the people who asked for access, invite guests until a given day, find any account and suspend it if
            needed. A change takes effect on every server within a few minutes. Each one is also recorded, with who made
            it and when, in the site’s audit trail, which the centre’s Google Cloud project keeps in Cloud Logging:
            anyone allowed to read the project’s logs can search it there.
          </Translate>
        </p>
        <AccessAdmin />
      </main>
    </Layout>
  );
}
