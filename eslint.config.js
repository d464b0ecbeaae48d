import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import noImportCycle from './eslint-rules/noImportCycle.js';

/**
 * The site's route facts are spelled once, in access-policy/src/routes.ts; these literals
 * anywhere else are copies that can drift.
 */
const ROUTE_FACTS = {
  '/api/session': 'SESSION_API_PATH',
  '/api/admin': 'ADMIN_API_PREFIX',
  '/api/access-request': 'ACCESS_REQUEST_API_PATH',
  '/search': 'SEARCH_PATH',
  '/pagefind/': 'PUBLIC_SEARCH_INDEX',
  '/docs/pagefind/': 'MEMBERS_SEARCH_INDEX',
  '/__/auth/': 'AUTH_HANDLER_PREFIX',
  '/signin': 'SIGN_IN_PATH or signInUrl()',
  '/docs/documentation/firebase-auth-setup': 'DOCS_HOME_PATH',
  '/unavailable': 'UNAVAILABLE_PATH',
  '/logOut': 'SIGN_OUT_PATH',
  'retry-link': 'RETRY_LINK_ID',
  'es/docs': 'MEMBERS_FOLDERS',
  '/es/docs': 'MEMBERS_PREFIXES',
  '/docs/**': 'SERVER_ROUTES',
  'demo-trustworthy-systems': 'DEMO_PROJECT_ID',
};

export default tseslint.config(
  {
    name: 'ignored',
    ignores: [
      '**/node_modules/',
      '**/dist/',
      'site/build/',
      'site/.docusaurus/',
      '.cache/',
      'test-results/',
      'playwright-report/',
    ],
  },
  {
    name: 'javascript',
    files: ['**/*.{js,mjs,cjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    name: 'benchmarks (code that also runs inside the browser page)',
    files: ['bench/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    name: 'typescript',
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.strict],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    name: 'react (site)',
    files: ['site/src/**/*.tsx', 'site/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    extends: [jsxA11y.flatConfigs.strict],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    name: 'route facts, spelled once',
    files: ['**/*.{ts,tsx,js,mjs}'],
    // Tests keep spelling the exact values they assert (an address, a Location header): a test
    // that compared the module with itself would pass whatever the value became.
    ignores: ['access-policy/src/routes.ts', 'eslint.config.js', '**/test/**', 'e2e/tests/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...Object.entries(ROUTE_FACTS).map(([value, name]) => ({
          selector: `Literal[value=${JSON.stringify(value)}]`,
          message: `Use ${name} from @trust/access-policy (access-policy/src/routes.ts) instead of spelling "${value}" again.`,
        })),
        // The same facts inside template strings (`${origin}/api/session`), where a copy hides as
        // well: a fact counts where it stands whole, not as part of a longer name.
        ...Object.entries(ROUTE_FACTS).map(([value, name]) => ({
          selector: `TemplateElement[value.raw=/(^|[^\\w-])${value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}${value.endsWith('/') ? '' : '(?![\\w-])'}/]`,
          message: `Use ${name} from @trust/access-policy (access-policy/src/routes.ts) instead of spelling "${value}" again.`,
        })),
      ],
    },
  },
  {
    name: 'no import cycles, type-only imports included',
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { project: { rules: { 'no-import-cycle': noImportCycle } } },
    rules: { 'project/no-import-cycle': 'error' },
  },
);
