import type { ReactNode } from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type { WrapperProps } from '@docusaurus/types';
import CopyPageMarkdown from '../../../components/CopyPageMarkdown';

type Props = WrapperProps<typeof ContentType>;

/** Each documentation page offers its Markdown, for readers who work with an AI assistant. */
export default function DocItemContentWrapper(props: Props): ReactNode {
  return (
    <>
      <CopyPageMarkdown />
      <Content {...props} />
    </>
  );
}
