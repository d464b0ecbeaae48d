import type { ReactNode } from 'react';
import DocRoot from '@theme-original/DocRoot';
import type DocRootType from '@theme/DocRoot';
import type { WrapperProps } from '@docusaurus/types';
import Head from '@docusaurus/Head';
import MembersGate from '../../components/SignIn/MembersGate';

type Props = WrapperProps<typeof DocRootType>;

/** Every documentation route (pages and category indexes) passes through the members' gate. */
export default function DocRootWrapper(props: Props): ReactNode {
  return (
    <>
      <Head>
        <meta name="robots" content="noindex, nofollow" />
      </Head>
      <MembersGate onSessionCreated={() => window.location.reload()}>
        <DocRoot {...props} />
      </MembersGate>
    </>
  );
}
