import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { contentSecurityPolicy, inlineScriptHashes } from '../src/csp.js';

describe('contentSecurityPolicy', () => {
  const html = [
    '<script>document.documentElement.dataset.theme="light"</script><script src="/a.js"></script>',
    '<script type="application/ld+json">{"@type":"Thing"}</script><script>document.documentElement.dataset.theme="light"</script>',
    '<script type="module">import("/x.js")</script>',
  ];

  it('hashes each distinct executable inline script once and skips data blocks and external scripts', () => {
    const expected = ['document.documentElement.dataset.theme="light"', 'import("/x.js")']
      .map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`)
      .sort();
    assert.deepEqual(inlineScriptHashes(html), expected);
  });

  it('never allows unsafe-inline scripts and locks objects, base and framing', () => {
    const policy = contentSecurityPolicy(inlineScriptHashes(html), {
      authDomain: 'uai-docs.firebaseapp.com',
      emulatorHost: null,
    });
    const scriptSrc = /script-src ([^;]+)/.exec(policy)![1]!;
    assert.doesNotMatch(scriptSrc.replace("'wasm-unsafe-eval'", ''), /unsafe-inline|unsafe-eval|\*/);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"])
      assert.ok(policy.includes(directive), directive);
    assert.match(policy, /frame-src [^;]*https:\/\/uai-docs\.firebaseapp\.com/);
  });

  it('lets the browser reach the Auth emulator when the build uses it', () => {
    const policy = contentSecurityPolicy([], { authDomain: 'demo.firebaseapp.com', emulatorHost: 'localhost:9099' });
    assert.match(policy, /connect-src [^;]*http:\/\/localhost:9099/);
    assert.match(policy, /frame-src [^;]*http:\/\/localhost:9099/);
  });
});
