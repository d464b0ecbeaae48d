import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseExcerpt } from '../src/search/engine.js';

describe('search excerpts', () => {
  it('keeps the marked words of the query as matches, decoded', () => {
    assert.deepEqual(parseExcerpt('Ataques a <mark>redes</mark> &amp; <mark>sensores</mark>', 'redes sensores'), [
      { text: 'Ataques a ', isMatch: false },
      { text: 'redes', isMatch: true },
      { text: ' & ', isMatch: false },
      { text: 'sensores', isMatch: true },
    ]);
  });

  it('does not count stop words as matches, in either language', () => {
    assert.deepEqual(
      parseExcerpt(
        '<mark>La</mark> <mark>ciberseguridad</mark> <mark>en</mark> <mark>the</mark> <mark>Chile</mark>',
        'la ciberseguridad en the Chile',
      )
        .filter((part) => part.isMatch)
        .map((part) => part.text),
      ['ciberseguridad', 'Chile'],
    );
  });

  it('counts a mark only where it stands for a word of the query, not for its first letter alone', () => {
    const matches = (html: string, query: string) =>
      parseExcerpt(html, query)
        .filter((part) => part.isMatch)
        .map((part) => part.text);
    assert.deepEqual(matches('<mark>z</mark> = (x - mean) / sigma', 'zzqxv'), []);
    assert.deepEqual(matches('<mark>z</mark> = (x - mean) / sigma', 'z'), ['z']);
    assert.deepEqual(matches('Un <mark>ataque</mark> y <mark>attack</mark>', 'attacks'), ['attack']);
    assert.deepEqual(matches('<mark>Detección</mark> y <mark>configurar</mark>', 'deteccion configuración'), [
      'Detección',
      'configurar',
    ]);
    assert.deepEqual(matches('<mark>detection</mark>', 'detecton'), ['detection']);
    assert.deepEqual(matches('a moving average <mark>(EWMA)</mark> of', 'EWMA'), ['(EWMA)']);
  });
});
