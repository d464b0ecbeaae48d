import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseExcerpt } from '../src/search/engine.js';

describe('search excerpts', () => {
  it('keeps the marked words of the query as matches, decoded', () => {
    assert.deepEqual(parseExcerpt('Ataques a <mark>redes</mark> &amp; <mark>sensores</mark>'), [
      { text: 'Ataques a ', isMatch: false },
      { text: 'redes', isMatch: true },
      { text: ' & ', isMatch: false },
      { text: 'sensores', isMatch: true },
    ]);
  });

  it('does not count stop words as matches, in either language', () => {
    assert.deepEqual(
      parseExcerpt('<mark>La</mark> <mark>ciberseguridad</mark> <mark>en</mark> <mark>the</mark> <mark>Chile</mark>')
        .filter((part) => part.isMatch)
        .map((part) => part.text),
      ['ciberseguridad', 'Chile'],
    );
  });
});
