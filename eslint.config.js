import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const appImports = {
  patterns: [
    {
      group: ['@egg-rush/server*', '@egg-rush/web*', '**/apps/**'],
      message: 'Pure packages import nothing of the apps.',
    },
  ],
};

const webNoServer = { group: ['@egg-rush/server*'], message: 'web never imports server.' };

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/artifacts/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/game/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...appImports,
          paths: [
            { name: 'react', message: 'game holds pure rules: no React.' },
            { name: 'fastify', message: 'game holds pure rules: no Fastify.' },
          ],
        },
      ],
    },
  },
  { files: ['packages/contract/**/*.ts'], rules: { 'no-restricted-imports': ['error', appImports] } },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@egg-rush/web*'], message: 'server never imports web.' }] },
      ],
    },
  },
  // ---- apps/web ----
  // React hooks (the plugin's full recommended set) and accessibility (jsx-a11y recommended).
  { files: ['apps/web/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  { files: ['apps/web/**/*.{ts,tsx}'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [webNoServer] }] },
  },
  {
    // A feature stands alone: what two features share lives in lib/ or components/.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            webNoServer,
            { regex: '^\\.\\./(?!\\.\\./)', message: 'A feature never imports another feature.' },
            { regex: '(^|/)features/', message: 'A feature never imports another feature.' },
          ],
        },
      ],
    },
  },
  {
    // lib/ and components/ serve every feature, so they import none.
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            webNoServer,
            { regex: '(^|/)features/', message: 'lib/ and components/ never import a feature.' },
          ],
        },
      ],
    },
  },
  // ---- end of apps/web ----
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
        URLSearchParams: 'readonly',
      },
    },
  },
  {
    // Browser tests pass callbacks that run in the page.
    files: ['e2e/**/*.mjs'],
    languageOptions: { globals: { document: 'readonly', window: 'readonly', localStorage: 'readonly' } },
  },
);
