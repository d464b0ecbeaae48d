import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { docsRoots, lineOf, markdownFiles, site } from './docsPages';

/**
 * The Spanish manual and blog address the reader as *usted*. These words only exist in the *tú*
 * register (or, for "déle", are a misspelling of *dele*), so any of them outside code is a slip.
 */
const TU_FORMS =
  /(?<![\p{L}\p{N}_])(tienes|puedes|debes|necesitas|quieres|eres|estás|verás|iniciaste|habías|tu|tus|te|ti|contigo|asegúrate|anótalo|cópiala|cópialo|actívalo|agrégalo|inténtalo|complétalo|defínela|déle)(?![\p{L}\p{N}_])/giu;

/** Words the review found used two ways, each with the one term the manual keeps. */
const ONE_TERM = [{ avoid: /(?<![\p{L}(])triage(?![\p{L})])/giu, keep: 'clasificar / clasificación de alertas' }];

function prose(markdown: string): string {
  // Keep offsets (for line numbers) while blanking code, which is not addressed to the reader.
  return markdown
    .replace(/^---\n[\s\S]*?\n---\n/, (m) => m.replace(/[^\n]/g, ' '))
    .replace(/```[\s\S]*?```/g, (m) => m.replace(/[^\n]/g, ' '))
    .replace(/`[^`\n]*`/g, (m) => ' '.repeat(m.length))
    .replace(/\]\([^)]*\)/g, (m) => ' '.repeat(m.length));
}

const spanishFiles = [...markdownFiles(docsRoots.es), ...markdownFiles(path.join(site, 'blog'))];

describe('Spanish register', () => {
  it('covers the whole Spanish manual and the blog', () => {
    assert.ok(spanishFiles.length >= 44);
  });

  it('the manual and the blog use usted throughout', () => {
    const slips = spanishFiles.flatMap((file) => {
      const text = prose(readFileSync(file, 'utf8'));
      return [...text.matchAll(TU_FORMS)].map(
        (match) => `${path.relative(site, file)}:${lineOf(text, match.index ?? 0)}: ${match[0]}`,
      );
    });
    assert.deepEqual(slips, []);
  });

  it('one Spanish term per concept', () => {
    const slips = spanishFiles.flatMap((file) => {
      const text = prose(readFileSync(file, 'utf8'));
      return ONE_TERM.flatMap(({ avoid, keep }) =>
        [...text.matchAll(avoid)].map(
          (match) => `${path.relative(site, file)}:${lineOf(text, match.index ?? 0)}: "${match[0]}" (use ${keep})`,
        ),
      );
    });
    assert.deepEqual(slips, []);
  });
});
