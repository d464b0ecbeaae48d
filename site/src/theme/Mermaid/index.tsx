import type { ReactNode } from 'react';
import Mermaid from '@theme-original/Mermaid';
import type MermaidType from '@theme/Mermaid';
import type { WrapperProps } from '@docusaurus/types';
import ScrollBox from '../../components/ScrollBox';

type Props = WrapperProps<typeof MermaidType>;

/** Diagrams are drawn at their natural size and scroll sideways inside a keyboard-reachable box. */
export default function MermaidWrapper(props: Props): ReactNode {
  return (
    <ScrollBox holds="diagram">
      <Mermaid {...props} />
    </ScrollBox>
  );
}
