import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import i18next from 'eslint-plugin-i18next';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import moduleCycles from './eslint.module-cycles.js';

const appImports = {
  patterns: [
    {
      group: ['@egg-rush/server*', '@egg-rush/web*', '**/apps/**'],
      message: 'Pure packages import nothing of the apps.',
    },
  ],
};

// --- Architecture: import boundaries checked across the whole repository ----------------------

const modulesDir = 'apps/server/src/modules';
const serverModules = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/**
 * A server module's public surface is its index.ts: other modules and the rest of the server
 * import a module only through it (each index says what it shares: every module reads the
 * player row through users and pays through the ledger's one write path; the board stores are
 * the leaderboard's). Only app.ts, which registers every module's routes, imports a routes
 * file. Tests may reach inside.
 */
const serverSrc = './apps/server/src';
const serverOutsideModules = readdirSync(serverSrc.slice(2), { withFileTypes: true })
  .filter((entry) => entry.name !== 'modules' && entry.name !== 'db')
  .map((entry) => `${serverSrc}/${entry.name}${entry.isDirectory() ? '/**' : ''}`)
  .filter((target) => target !== `${serverSrc}/app.ts`)
  .concat(
    readdirSync(`${serverSrc.slice(2)}/db`)
      .filter((name) => name !== 'schema.ts')
      .map((name) => `${serverSrc}/db/${name}`),
  );
/**
 * A module owns its tables (`<module>.schema.ts`, beside its repository): no other module imports
 * them (the zones below), and only db/schema.ts gathers them, for the database client.
 */
const schemaFiles = (module) =>
  readdirSync(`${modulesDir}/${module}`)
    .filter((name) => name.endsWith('.schema.ts'))
    .map((name) => `./${name}`);
const moduleSurfaceZones = serverModules.flatMap((module) => {
  const from = `./${modulesDir}/${module}`;
  const message = `Import the ${module} module through its index.ts (its public surface).`;
  return [
    ...serverModules
      .filter((other) => other !== module)
      .map((other) => ({
        target: `./${modulesDir}/${other}/**`,
        from,
        except: ['./index.ts'],
        message,
      })),
    { target: serverOutsideModules, from, except: ['./index.ts'], message },
    {
      target: `${serverSrc}/db/schema.ts`,
      from,
      except: ['./index.ts', ...schemaFiles(module)],
      message: `${message} db/schema.ts gathers its tables.`,
    },
    {
      target: `${serverSrc}/app.ts`,
      from,
      except: ['./index.ts', `./${module}.routes.ts`],
      message: `${message} app.ts also registers its routes file.`,
    },
  ];
});

const { 'import-x/resolver': _legacyResolver, ...typescriptImports } =
  importX.flatConfigs.typescript.settings;

const architecture = [
  {
    files: [`${modulesDir}/**/*.ts`],
    plugins: { architecture: moduleCycles },
    rules: {
      'architecture/no-module-cycle': ['error', { modulesDir }],
      'architecture/no-foreign-table-sql': ['error', { modulesDir }],
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      // TypeScript's parser for the files an import leads to, and its resolver for every import.
      ...typescriptImports,
      // The workspace packages are ours: followed by the cycle check, unlike node_modules.
      'import-x/internal-regex': '^@egg-rush/',
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/*/tsconfig.json', 'apps/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // No import cycles anywhere, workspace imports (`@egg-rush/game/rng`) included. Imports of
      // node_modules are not followed (they cannot lead back into the repository): parsing every
      // library's types for nothing was three quarters of the lint time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // One import statement per module: a module's index.ts is its one surface.
      'import-x/no-duplicates': 'error',
    },
  },
  {
    files: ['apps/server/src/**/*.ts', 'packages/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/server/src/**/*.repository.ts',
              from: './apps/server/src/**/*.service.ts',
              message: 'A repository holds queries: it never imports a service.',
            },
            {
              target: './packages/game/**',
              from: ['./apps', './packages/contract'],
              message: 'packages/game holds pure rules: it imports nothing of the apps or the contract.',
            },
            {
              target: './packages/contract/**',
              from: './apps',
              message: 'The contract imports nothing of the apps.',
            },
            ...moduleSurfaceZones,
            {
              target: [
                `./${modulesDir}/**`,
                `${serverSrc}/app.ts`,
                ...serverOutsideModules.filter((target) => target !== `${serverSrc}/db/client.ts`),
              ],
              from: `${serverSrc}/db/schema.ts`,
              message:
                "db/schema.ts gathers every module's tables for the database client only: a module imports its own <module>.schema.ts.",
            },
            {
              target: [`${serverSrc}/lib/**`, `${serverSrc}/plugins/**`],
              from: `./${modulesDir}`,
              message:
                'lib/ and plugins/ sit below the modules and import none: what they need of a module is passed in (app.ts, bootstrap.ts).',
            },
          ],
        },
      ],
    },
  },
];
/**
 * Files written before `!` was refused (@typescript-eslint/no-non-null-assertion), each still
 * holding some: the clustering, the simulated population and the airdrop's tree index typed arrays
 * in their hot loops, in range by construction, where a check per read would cost what the
 * benchmarks measure. The rule is off in them only, and no file joins the list.
 */
const nonNullLegacy = [
  'packages/game/src/clusters.ts',
  'packages/game/src/population.ts',
  'packages/jetton/src/tree-file.ts',
  'packages/jetton/src/tree.ts',
];
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
    // Type-aware rules for the TypeScript files: each file's types from its package's tsconfig
    // (TypeScript's project service, as an editor opens it); the two config files no tsconfig
    // includes get a default project. A promise is awaited, returned or voided on purpose, never
    // dropped, and never passed where a callback's result is ignored; a switch over a union
    // names every member (or has a default); `!` is not written: a type, a guard or a check says it.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'apps/server/drizzle.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/no-non-null-assertion': 'error',
    },
  },
  { files: nonNullLegacy, rules: { '@typescript-eslint/no-non-null-assertion': 'off' } },
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
  {
    files: ['packages/contract/**/*.ts', 'packages/jetton/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', appImports] },
  },
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
            { regex: '(^|/)admin/', message: "The players' app never imports the console." },
          ],
        },
      ],
    },
  },
  {
    // The operator console and the players' app are fenced from each other: what both need lives
    // in lib/ or components/.
    files: ['apps/web/src/admin/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            webNoServer,
            { regex: '(^|/)(features|app)/', message: "The console never imports the players' app." },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}', 'apps/web/src/main.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            webNoServer,
            { regex: '(^|/)admin/', message: "The players' app never imports the console." },
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
            { regex: '(^|/)admin/', message: 'lib/ and components/ never import the console.' },
          ],
        },
      ],
    },
  },
  {
    // Every word a player reads comes from the catalogue (packages/contract/locales through lib/i18n.tsx): no
    // text in JSX and no literal in the attributes that are read out or shown. Numbers,
    // punctuation and the brand are not words to translate.
    files: [
      'apps/web/src/features/**/*.tsx',
      'apps/web/src/components/**/*.tsx',
      'apps/web/src/app/**/*.tsx',
    ],
    ignores: ['**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: [
              'aria-label',
              'aria-valuetext',
              'alt',
              'title',
              'placeholder',
              'label',
              'subtitle',
              'loading',
              'failed',
            ],
            exclude: ['.*'],
          },
          words: { exclude: ['[0-9!-/:-@[-`{-~·–—…→×⭐\\s]+', 'Egg', 'Rush'] },
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
    languageOptions: {
      globals: {
        document: 'readonly',
        window: 'readonly',
        localStorage: 'readonly',
        getComputedStyle: 'readonly',
        HTMLElement: 'readonly',
        Node: 'readonly',
        PopStateEvent: 'readonly',
      },
    },
  },
  ...architecture,
);
