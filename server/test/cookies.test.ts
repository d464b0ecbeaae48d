import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { describe, it } from 'node:test';
import { readCookie } from '../src/session/cookies.js';

const request = (cookie: string | undefined) =>
  ({ headers: cookie === undefined ? {} : { cookie } }) as IncomingMessage;

describe('readCookie', () => {
  const cases: Array<[string | undefined, string | undefined]> = [
    ['__session=abc.def', 'abc.def'],
    ['theme=dark; __session=abc.def; other=1', 'abc.def'],
    ['theme=dark;__session=abc', 'abc'],
    ['x__session=abc', undefined],
    ['session=abc', undefined],
    ['my__session=evil; __session=good', 'good'],
    ['__session=', undefined],
    [`__session=${'a'.repeat(9000)}`, undefined],
    [undefined, undefined],
  ];
  for (const [header, expected] of cases) {
    it(`reads ${JSON.stringify(header)?.slice(0, 50)} as ${String(expected)}`, () => {
      assert.equal(readCookie(request(header), '__session'), expected);
    });
  }
});
