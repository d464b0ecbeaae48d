import type { ReactNode } from 'react';
import Original from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type { WrapperProps } from '@docusaurus/types';
import CopyPageMarkdown, { CopyAfterTitle } from '../../../components/CopyPageMarkdown';
import { hydratedApart } from '../../../components/DeferredHydration';

type Props = WrapperProps<typeof ContentType>;

const Article = hydratedApart(Original);

/**
 * Each documentation page offers its Markdown, for readers who work with an AI assistant: above
 * the title on a wide screen, after it on a phone (`Heading`); the article itself hydrates apart.
 */
export default function DocItemContentWrapper(props: Props): ReactNode {
  return (
    <>
      <CopyPageMarkdown placement="top" />
      <CopyAfterTitle.Provider value>
        <Article {...props} />
      </CopyAfterTitle.Provider>
    </>
  );
}
