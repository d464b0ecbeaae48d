import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import noImportCycle from './noImportCycle.js';

const folder = mkdtempSync(path.join(tmpdir(), 'import-cycle-'));
after(() => rmSync(folder, { recursive: true, force: true }));

async function lint(files: Record<string, string>): Promise<Array<[string, string]>> {
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(folder, name), text);
  const eslint = new ESLint({
    cwd: folder,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { project: { rules: { 'no-import-cycle': noImportCycle } } },
        rules: { 'project/no-import-cycle': 'error' },
      },
    ],
  });
  const results = await eslint.lintFiles(Object.keys(files));
  return results.flatMap((result) =>
    result.messages.map((message) => [path.basename(result.filePath), message.message] as [string, string]),
  );
}

describe('the import-cycle lint rule', () => {
  it('refuses a cycle made only of type imports, naming the chain from each side', async () => {
    assert.deepEqual(
      await lint({
        'audit.ts': "import type { Change } from './grants.js';\nexport interface Entry { change: Change }\n",
        'grants.ts': "import type { Entry } from './audit.js';\nexport interface Change { entry?: Entry }\n",
      }),
      [
        ['audit.ts', 'Import cycle: audit.ts → grants.ts → audit.ts.'],
        ['grants.ts', 'Import cycle: grants.ts → audit.ts → grants.ts.'],
      ],
    );
  });

  it('refuses a longer cycle through a re-export and a dynamic import', async () => {
    assert.deepEqual(
      await lint({
        'one.ts': "export { two } from './two.js';\nexport const one = 1;\n",
        'two.ts': "export const two = () => import('./three.js');\n",
        'three.ts': "import { one } from './one.js';\nexport const three = one;\n",
      }),
      [
        ['one.ts', 'Import cycle: one.ts → two.ts → three.ts → one.ts.'],
        ['two.ts', 'Import cycle: two.ts → three.ts → one.ts → two.ts.'],
        ['three.ts', 'Import cycle: three.ts → one.ts → two.ts → three.ts.'],
      ],
    );
  });

  it('lets imports that go one way pass, packages and commented-out imports included', async () => {
    assert.deepEqual(
      await lint({
        'base.ts': "import path from 'node:path';\n// import { top } from './top.js';\nexport const base = path.sep;\n",
        'top.ts': "import { base } from './base.js';\nexport const top = base;\n",
      }),
      [],
    );
  });
});
