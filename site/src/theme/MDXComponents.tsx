import type { ComponentProps, ReactNode } from 'react';
import MDXComponents from '@theme-original/MDXComponents';
import DeferredHydration from '../components/DeferredHydration';
import ScrollBox from '../components/ScrollBox';

/** A Markdown table inside a keyboard-reachable box that scrolls sideways when the table is wide. */
function Table(props: ComponentProps<'table'>): ReactNode {
  return (
    <DeferredHydration>
      <ScrollBox holds="table">
        <table {...props} />
      </ScrollBox>
    </DeferredHydration>
  );
}

export default { ...MDXComponents, table: Table };
