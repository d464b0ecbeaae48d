import type { ReactNode } from 'react';
import Details from '@theme/Details';
import Translate from '@docusaurus/Translate';
import DeferredHydration from '../DeferredHydration';
import ScrollBox from '../ScrollBox';

interface Props {
  /** The diagram rendered with the light theme, as SVG markup. */
  light: string;
  /** The same diagram rendered with the dark theme. */
  dark: string;
  /** Its Mermaid source, offered for copying into a Mermaid editor. */
  source: string;
}

/**
 * A diagram drawn ahead of time (site/plugins/diagrams.ts), in the light and the dark variant; the
 * stylesheet shows the one of the current colour mode. It is drawn at its natural size and scrolls
 * sideways inside a keyboard-reachable box. Search indexes neither the drawing, whose labels would
 * count twice, nor its source.
 */
export default function Diagram({ light, dark, source }: Props): ReactNode {
  return (
    <DeferredHydration>
      <div className="diagram" data-pagefind-ignore="all">
        <ScrollBox holds="diagram">
          <div className="diagram__drawing diagram__drawing--light" dangerouslySetInnerHTML={{ __html: light }} />
          <div className="diagram__drawing diagram__drawing--dark" dangerouslySetInnerHTML={{ __html: dark }} />
        </ScrollBox>
        <Details
          summary={
            <summary>
              <Translate
                id="theme.diagram.source"
                description="Summary of the fold that shows a diagram's Mermaid source"
              >
                Mermaid source
              </Translate>
            </summary>
          }
        >
          <pre className="diagram__source">
            <code>{source}</code>
          </pre>
        </Details>
      </div>
    </DeferredHydration>
  );
}
