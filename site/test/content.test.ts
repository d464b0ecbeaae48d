import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { filesUnder } from '../../testkit/files';
import { markdownFiles } from './docsPages';

const site = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const enDocs = path.join(site, 'docs');
const esDocs = path.join(site, 'i18n/es/docusaurus-plugin-content-docs/current');

/**
 * The documentation tree: the product's 44 pages, the operations pages an operator needs after
 * installing, and the page on connecting an AI assistant.
 */
const SPEC_PAGES = [
  'documentation/firebase-auth-setup',
  'documentation/restricted-access',
  'documentation/ai-assistants',
  ...Object.entries({
    appendices: ['glossary', 'links', 'references'],
    architecture: ['diagram', 'interaction', 'overview'],
    'components/attacksensor': ['current_functionality', 'detailed_process', 'extensibility'],
    'components/neuroaccessmaui': ['customization', 'description', 'integration'],
    'components/neurona': ['description', 'digital_identities', 'management_things', 'scalability', 'xmpp'],
    'components/webapp': ['backend', 'frontend'],
    development: ['best_practices', 'code_structure', 'contributing', 'environment_setup'],
    installation: [
      'attacksensor_configuration',
      'neuroaccessmaui_installation',
      'neurona_configuration',
      'prerequisites',
      'webapp_installation',
    ],
    introduction: ['audience', 'description-intrusion-sentinel', 'objectives', 'technologies'],
    technical: ['algorithms', 'apis', 'data_models', 'protocols'],
    troubleshooting: ['common_issues', 'faqs'],
    usage: ['administrating_neurona', 'monitoring', 'using_neuroaccessmaui', 'using_webapp'],
    operations: [
      'acceptance_test',
      'backup_restore',
      'data_retention',
      'hardening',
      'incident_reporting',
      'rules_and_suppression',
      'upgrades',
    ],
  }).flatMap(([section, pages]) => pages.map((page) => `IntrusionSentinel/${section}/${page}`)),
];

const MIN_WORDS = 300;

/** The documentation ids under a folder: paths relative to it, without the extension. */
function listMarkdown(dir: string): string[] {
  return markdownFiles(dir).map((file) =>
    path
      .relative(dir, file)
      .split(path.sep)
      .join('/')
      .replace(/\.mdx?$/, ''),
  );
}

function withoutCode(markdown: string): string {
  return markdown.replace(/^---\n[\s\S]*?\n---\n/, '').replace(/```[\s\S]*?```/g, '');
}

function wordCount(markdown: string): number {
  return withoutCode(markdown)
    .split(/\s+/)
    .filter((word) => /\p{L}/u.test(word)).length;
}

function headingShape(markdown: string): string[] {
  return withoutCode(markdown).match(/^#{2,6}(?= )/gm) ?? [];
}

function read(dir: string, page: string): string {
  return readFileSync(path.join(dir, `${page}.md`), 'utf8');
}

describe('documentation tree', () => {
  it('has exactly the product’s 44 pages, the 7 operations pages and the AI assistants page in English', () => {
    assert.equal(SPEC_PAGES.length, 52);
    assert.deepEqual(listMarkdown(enDocs).sort(), [...SPEC_PAGES].sort());
  });

  it('has exactly the same pages in Spanish', () => {
    assert.deepEqual(listMarkdown(esDocs).sort(), [...SPEC_PAGES].sort());
  });

  for (const page of SPEC_PAGES) {
    describe(page, () => {
      const isAppendix = page.includes('/appendices/');
      for (const [locale, dir] of [
        ['en', enDocs],
        ['es', esDocs],
      ] as const) {
        it(`${locale}: has a title and no placeholder text${isAppendix ? '' : `, and at least ${MIN_WORDS} words`}`, () => {
          const text = read(dir, page);
          assert.match(text, /^---\n[\s\S]*?^title: .+$/m, 'front matter title');
          assert.doesNotMatch(text, /\b(TODO|TBD|FIXME)\b/);
          assert.doesNotMatch(text, /lorem ipsum|coming soon|to be written|próximamente|por escribir/i);
          if (!isAppendix) assert.ok(wordCount(text) >= MIN_WORDS, `${wordCount(text)} words`);
        });
      }
      it('has the same headings, level by level, in both locales', () => {
        assert.deepEqual(headingShape(read(esDocs, page)), headingShape(read(enDocs, page)));
      });
    });
  }

  it('draws the diagram, interaction and detailed-process pages with Mermaid', () => {
    for (const page of [
      'architecture/diagram',
      'architecture/interaction',
      'components/attacksensor/detailed_process',
    ]) {
      for (const dir of [enDocs, esDocs]) {
        assert.match(read(dir, `IntrusionSentinel/${page}`), /```mermaid\n/, page);
      }
    }
  });

  it('gives every category folder a Spanish label', () => {
    const labels = JSON.parse(
      readFileSync(path.join(site, 'i18n/es/docusaurus-plugin-content-docs/current.json'), 'utf8'),
    );
    const categoryFiles = listCategoryFiles(path.join(enDocs, 'IntrusionSentinel'));
    assert.ok(categoryFiles.length >= 13);
    for (const file of categoryFiles) {
      const { label } = JSON.parse(readFileSync(file, 'utf8')) as { label: string };
      const entry = labels[`sidebar.docs.category.${label}`];
      assert.ok(entry, `no Spanish label for category "${label}"`);
      assert.notEqual(entry.message, '', label);
    }
  });
});

function listCategoryFiles(dir: string): string[] {
  return filesUnder(dir, { keep: (name) => name === '_category_.json' });
}

describe('blog', () => {
  const blog = path.join(site, 'blog');
  const posts = readdirSync(blog).filter((name) => existsSync(path.join(blog, name, 'index.md')));

  /** The posts, by folder: the date they were written and the slug. */
  const POSTS = [
    '2024-08-20-desafios-futuros-ciberseguridad-chile',
    '2025-06-10-prioridades-id-ciberseguridad',
    '2025-12-30-anci-reporte-incidentes-operadores-importancia-vital',
    '2026-11-25-ley-21719-datos-personales',
  ];

  it('has exactly the four posts, each at least 500 words of Spanish', () => {
    assert.deepEqual([...posts].sort(), POSTS);
    for (const post of posts) {
      const text = readFileSync(path.join(blog, post, 'index.md'), 'utf8');
      assert.ok(wordCount(text) >= 500, `${post}: ${wordCount(text)} words`);
      assert.match(text, /\b(el|la|los|las|de|que)\b/);
      assert.match(text, /<!-- truncate -->/);
    }
  });

  it('each post is by the centre’s own authors and uses only the tags the blog defines', () => {
    const authors = new Set(
      [...readFileSync(path.join(blog, 'authors.yml'), 'utf8').matchAll(/^([a-z-]+):$/gm)].map((m) => m[1]),
    );
    const tags = new Set(
      [...readFileSync(path.join(blog, 'tags.yml'), 'utf8').matchAll(/^([a-z-]+):$/gm)].map((m) => m[1]),
    );
    assert.deepEqual([...authors].sort(), ['catalina-valdes', 'equipo-tsc', 'matias-fuentes']);
    for (const post of POSTS) {
      const front = /^---\n([\s\S]*?)\n---\n/.exec(readFileSync(path.join(blog, post, 'index.md'), 'utf8'))![1]!;
      const list = (key: string) =>
        /^\[(.*)\]$/.exec(new RegExp(`^${key}: (.*)$`, 'm').exec(front)![1]!)![1]!.split(', ');
      assert.ok(list('authors').length >= 1, post);
      for (const author of list('authors')) assert.ok(authors.has(author), `${post}: author ${author}`);
      for (const tag of list('tags')) assert.ok(tags.has(tag), `${post}: tag ${tag}`);
    }
  });
});
