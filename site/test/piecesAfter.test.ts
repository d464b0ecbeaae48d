import assert from 'node:assert/strict';
import { test } from 'node:test';
import { piecesAfter } from '../src/components/SignIn/piecesAfter';

test('an address may break only after its "@" and its dots', () => {
  assert.deepEqual(piecesAfter('reopened.mwxz2c@alumnos.uai.cl', '@.'), [
    'reopened.',
    'mwxz2c@',
    'alumnos.',
    'uai.',
    'cl',
  ]);
});

test('a path may break only after its slashes, and the pieces join to the path', () => {
  const path = '/es/docs/IntrusionSentinel/architecture/overview';
  assert.deepEqual(piecesAfter(path, '/'), ['/', 'es/', 'docs/', 'IntrusionSentinel/', 'architecture/', 'overview']);
  assert.equal(piecesAfter(path, '/').join(''), path);
  assert.deepEqual(piecesAfter('no-marks', '@.'), ['no-marks']);
  assert.deepEqual(piecesAfter('', '/'), []);
});
