// Lint rules, including the boundaries between folders: the folder says where code runs.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];
const runtimeSpecific = ['electron', 'ws', 'react', 'react-dom', 'zustand', ...nodeBuiltins];

/** A no-restricted-imports rule with a message per group. */
function restrict(paths, patterns) {
  return [
    'error',
    { paths: paths.map((name) => ({ name, message: 'This import crosses a runtime boundary.' })), patterns },
  ];
}

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      '.bundle/**',
      '.gpu/**',
      'native/build/**',
      'node_modules/**',
      '.cache/**',
      'test-results/**',
      'playwright-report/**',
      'native/index.cjs',
      'scripts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrict(
        ['electron', 'ws', ...nodeBuiltins],
        [
          {
            group: [
              '**/electron/main/**',
              '**/electron/backend/**',
              '**/electron/serve/**',
              '**/electron/preload/**',
              '**/electron/supervisor/**',
              '**/electron/cli/**',
            ],
            message: 'The renderer sees only electron/common and the RPC.',
          },
          { group: ['**/native/**'], message: 'Only electron/backend loads the addon.' },
        ],
      ),
    },
  },
  {
    files: ['electron/common/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': restrict(runtimeSpecific, [
        { group: ['../*', '../../*'], message: 'electron/common is runtime-neutral and imports only itself and zod.' },
      ]),
    },
  },
  {
    files: [
      'electron/main/**/*.ts',
      'electron/serve/**/*.ts',
      'electron/supervisor/**/*.ts',
      'electron/cli/**/*.ts',
      'electron/preload/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': restrict(
        [],
        [
          { group: ['**/native/**', '!**/native/index'], message: 'Only electron/backend loads the addon.' },
          { group: ['**/renderer/**'], message: 'The renderer is reached through the RPC only.' },
        ],
      ),
    },
  },
  {
    files: [
      'electron/supervisor/**/*.ts',
      'electron/serve/**/*.ts',
      'electron/backend/**/*.ts',
      'electron/cli/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': restrict(
        ['electron'],
        [
          { group: ['**/renderer/**'], message: 'The renderer is reached through the RPC only.' },
          {
            group: ['../main/**', '../preload/**'],
            message: 'Electron-only code stays in electron/main and electron/preload.',
          },
        ],
      ),
    },
  },
  {
    files: ['test/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
