import js from '@eslint/js';
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
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@egg-rush/server*'], message: 'web never imports server.' }] },
      ],
    },
  },
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
