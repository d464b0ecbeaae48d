import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pageHead } from '../plugins/llms-files';
import { llmsFullTxt, llmsTxt } from '../plugins/llms/llmsTxt';
import { pageMarkdown, type LinkResolver } from '../plugins/llms/markdown';

const PAGE_URL = 'https://trust.example.org/docs/IntrusionSentinel/architecture/diagram';

/** Links as the build resolves them: sibling pages to their Markdown, other sites left alone. */
const resolve: LinkResolver = (href) =>
  href.startsWith('https:')
    ? undefined
    : `https://trust.example.org/docs/IntrusionSentinel/architecture/${href.replace('.md', '.md')}`;

const SOURCE = `---
title: Architecture diagrams
sidebar_position: 2
description: Component and data-flow diagrams.
---

This page draws the system; read the [overview](overview.md#layers) first.

\`\`\`mermaid
flowchart TB
  SEN["Attack Sensor"] -->|"XMPP 5222"| NEU["Neuron"]
\`\`\`

:::warning[Before you start]

The sensor listens on host:9102 only.

:::

| Port | Use |
|---|---|
| 5222 | XMPP |

- [ ] Key generated
- [x] Sensor registered

\`\`\`yaml title="/etc/sentinel/sensor.yaml" nocheck="excerpt"
sensor:
  id: sensor-lab-01
\`\`\`
`;

const EXPECTED = `# Architecture diagrams

Canonical URL: <${PAGE_URL}>

This page draws the system; read the [overview](https://trust.example.org/docs/IntrusionSentinel/architecture/overview.md#layers) first.

\`\`\`mermaid
flowchart TB
  SEN["Attack Sensor"] -->|"XMPP 5222"| NEU["Neuron"]
\`\`\`

> **Warning**: Before you start
>
> The sensor listens on host:9102 only.

| Port | Use |
| - | - |
| 5222 | XMPP |

- [ ] Key generated
- [x] Sensor registered

\`/etc/sentinel/sensor.yaml\`

\`\`\`yaml
sensor:
  id: sensor-lab-01
\`\`\`
`;

describe('a documentation page as Markdown', () => {
  it('has the title as H1, the canonical URL, the diagram as Mermaid, the admonition, table, task list and titled code', () => {
    const markdown = pageMarkdown(
      SOURCE,
      { title: 'Architecture diagrams', url: PAGE_URL, locale: 'en', mdx: false },
      resolve,
    );
    assert.equal(markdown, EXPECTED);
  });

  it('names admonitions and the canonical URL in the page’s language, and says a title the page repeats once', () => {
    const markdown = pageMarkdown(
      '# Diagramas\n\n:::tip\n\nLea primero la descripción.\n\n:::\n',
      { title: 'Diagramas', url: 'https://trust.example.org/es/docs/a', locale: 'es', mdx: false },
      resolve,
    );
    assert.equal(
      markdown,
      '# Diagramas\n\nURL canónica: <https://trust.example.org/es/docs/a>\n\n> **Consejo**\n>\n> Lea primero la descripción.\n',
    );
  });

  it('turns MDX into text: imports and expressions go, a tab’s label stays as a heading of its text', () => {
    const source = [
      "import Tabs from '@theme/Tabs';",
      "import TabItem from '@theme/TabItem';",
      '',
      '<Tabs>',
      '  <TabItem value="deb" label="Debian">',
      '',
      'Install the package with `apt`.',
      '',
      '  </TabItem>',
      '</Tabs>',
      '',
      'Version {props.version} is current.',
      '',
    ].join('\n');
    const markdown = pageMarkdown(
      source,
      { title: 'Install', url: 'https://x.example/docs/i', locale: 'en', mdx: true },
      resolve,
    );
    assert.equal(
      markdown,
      '# Install\n\nCanonical URL: <https://x.example/docs/i>\n\n**Debian**\n\nInstall the package with `apt`.\n\nVersion  is current.\n',
    );
  });
});

describe('llms.txt', () => {
  it('is an H1, a summary in a block quote, details, and sections of described links', () => {
    const text = llmsTxt({
      title: 'UAI Trustworthy Systems Centre',
      summary: 'Research on responsible,\n resilient and reliable systems.',
      details: ['The documentation is for members.'],
      sections: [
        {
          name: 'Pages',
          links: [
            { title: 'Labs', url: 'https://trust.example.org/labs', description: 'The centre’s labs.' },
            { title: 'Odd [name]', url: 'https://trust.example.org/x' },
          ],
        },
        { name: 'Empty', links: [] },
      ],
    });
    assert.equal(
      text,
      [
        '# UAI Trustworthy Systems Centre',
        '',
        '> Research on responsible, resilient and reliable systems.',
        '',
        'The documentation is for members.',
        '',
        '## Pages',
        '',
        '- [Labs](https://trust.example.org/labs): The centre’s labs.',
        '- [Odd \\[name\\]](https://trust.example.org/x)',
        '',
      ].join('\n'),
    );
  });

  it('llms-full.txt holds the heading, the summary and every page', () => {
    assert.equal(
      llmsFullTxt({ title: 'Docs', summary: 'All of it.' }, ['# A\n\nText a.\n', '# B\n\nText b.\n']),
      '# Docs\n\n> All of it.\n\n# A\n\nText a.\n\n# B\n\nText b.\n',
    );
  });

  it('reads a built page’s title without the site’s name, and its description', () => {
    const html =
      '<title data-rh=true>Labs | UAI Centre</title><meta data-rh=true name=description content="Our labs &amp; teams">';
    assert.deepEqual(pageHead(html, 'UAI Centre'), { title: 'Labs', description: 'Our labs & teams' });
  });
});
