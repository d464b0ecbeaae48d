import { useContext, type ReactNode } from 'react';
import Original from '@theme-original/Heading';
import type HeadingType from '@theme/Heading';
import type { WrapperProps } from '@docusaurus/types';
import CopyPageMarkdown, { CopyAfterTitle } from '../../components/CopyPageMarkdown';

type Props = WrapperProps<typeof HeadingType>;

/**
 * A documentation page's title, whether the theme writes it from the front matter or the page's
 * Markdown has its own, is followed on a phone by "Copy page as Markdown".
 */
export default function HeadingWrapper(props: Props): ReactNode {
  const isDocTitle = useContext(CopyAfterTitle) && props.as === 'h1';
  if (!isDocTitle) return <Original {...props} />;
  return (
    <>
      <Original {...props} />
      <CopyPageMarkdown placement="title" />
    </>
  );
}
