import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

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
);
