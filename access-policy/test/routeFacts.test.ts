import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What the project's ESLint configuration says of a source file of the server holding `code`. */
async function routeFactMessages(code: string): Promise<string[]> {
  const [result] = await new ESLint({ cwd: root }).lintText(code, { filePath: path.join(root, 'server/src/probe.ts') });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-syntax')
    .map((message) => message.message);
}

describe('route facts are spelled once', () => {
  it('refuses a route fact in a template string, as in a plain string', async () => {
    assert.deepEqual(
      await routeFactMessages(
        "const origin = 'http://x';\nexport const a = `${origin}/api/session`;\nexport const b = `/search?q=${origin}`;\nexport const c = '/api/admin';\n",
      ),
      [
        'Use SESSION_API_PATH from @trust/access-policy (access-policy/src/routes.ts) instead of spelling "/api/session" again.',
        'Use SEARCH_PATH from @trust/access-policy (access-policy/src/routes.ts) instead of spelling "/search" again.',
        'Use ADMIN_API_PREFIX from @trust/access-policy (access-policy/src/routes.ts) instead of spelling "/api/admin" again.',
      ],
    );
  });

  it('leaves longer names that merely contain a fact alone', async () => {
    assert.deepEqual(
      await routeFactMessages(
        "const origin = 'http://x';\nexport const a = `${origin}/api/sessions-archive`;\nexport const b = `/searching`;\n",
      ),
      [],
    );
  });
});
