// Lint rules, including the walls between rooms: the folder says where code runs and what it may import.
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/** What the window's state and its components both import: the RPC client and two helper modules. */
const WINDOW_HELPERS = ['renderer/src/rpc', 'renderer/src/format', 'renderer/src/frame-timing'];

/** The window's code as the tests see it: its components, its state and their helpers (not the frame model). */
const WINDOW = ['renderer', 'renderer/src/store', ...WINDOW_HELPERS];

/**
 * The layering table: every room (a folder) once, with the other rooms and the packages it may import. A file
 * imports its own room freely; anything else it imports must be listed here, and a file in a folder that is
 * not a room fails lint until the folder is added. 'node' stands for Node's built-in modules. The longest
 * folder that holds a file is its room (test/support/live is a room of its own inside test/support).
 */
export const LAYERS = {
  // The window's code: React, and the runtime-neutral contract. No Node, no Electron, no addon.
  renderer: {
    rooms: ['contract', 'wording', 'renderer/src/model', 'renderer/src/store', ...WINDOW_HELPERS],
    packages: ['react', 'react-dom', 'zustand'],
  },
  // The window's state (zustand slices) and what it derives: below the components, which read it; never above them.
  'renderer/src/store': {
    rooms: ['contract', 'wording', 'renderer/src/model', ...WINDOW_HELPERS],
    packages: ['react', 'zustand'],
  },
  // The window's RPC client, and the formatting and timing helpers the state and the components share. The two
  // helpers are rooms as import targets (an import names a module without its extension); their own imports are
  // held by the renderer's row.
  'renderer/src/rpc': { rooms: ['contract'], packages: [] },
  'renderer/src/format': { rooms: [], packages: [] },
  'renderer/src/frame-timing': { rooms: [], packages: ['react'] },
  // The frame's geometry and arithmetic (plane facts, rows at a plane's end, tiles, a pixel's place and region):
  // plain functions of the report, no React, no store, no components.
  'renderer/src/model': { rooms: ['contract'], packages: [] },
  // Runtime-neutral: the RPC contract, schemas, vocabulary, errors. Imports only itself and zod.
  contract: { rooms: [], packages: ['zod'] },
  wording: { rooms: ['contract'], packages: [] },
  // The app's root, identity, config folder and checks of user-named paths.
  'electron/app': { rooms: ['contract'], packages: ['node'] },
  // Loads the native addon and passes its types on: with the backend, the only room that touches native/.
  'electron/addon': { rooms: ['contract', 'native'], packages: ['node'] },
  // The capture format: zip (fflate writes, yauzl reads), PNG (fast-png), manifest, signature, replay, collection.
  'electron/capture': {
    rooms: ['contract', 'wording', 'electron/app', 'electron/addon'],
    packages: ['node', 'zod', 'fflate', 'fast-png', 'yauzl'],
  },
  // The backend process: RPC dispatch and handlers over the addon.
  'electron/backend': {
    rooms: [
      'contract',
      'wording',
      'electron/app',
      'electron/addon',
      'electron/capture',
      'electron/supervisor',
      'native',
    ],
    packages: ['node', 'zod'],
  },
  // The command line: inspect and capture without a window.
  'electron/cli': {
    rooms: ['contract', 'wording', 'electron/app', 'electron/addon', 'electron/capture', 'electron/scan'],
    packages: ['node', 'zod'],
  },
  // scan: every frame of a corpus through the checks, in one process; the command line runs it.
  'electron/scan': { rooms: ['contract', 'electron/app', 'electron/addon', 'electron/capture'], packages: ['node'] },
  // `npm start`: picks the Electron window or serve mode.
  'electron/launcher': { rooms: ['electron/app'], packages: ['node'] },
  // Keeps one backend process alive, for main and serve mode.
  'electron/supervisor': { rooms: ['contract'], packages: ['node'] },
  // Serve mode: HTTP, WebSocket RPC, tokens.
  'electron/serve': { rooms: ['contract', 'electron/app', 'electron/supervisor'], packages: ['node', 'ws'] },
  // Electron's main process and preload: the only rooms that import electron.
  'electron/main': {
    rooms: ['contract', 'electron/app', 'electron/supervisor'],
    packages: ['node', 'electron'],
  },
  'electron/preload': { rooms: ['contract'], packages: ['electron'] },
  // The addon's typed surface, stated in terms of the common vocabulary and schemas.
  native: { rooms: ['contract'], packages: [] },
  // Tests. Unit tests run with no build, no addon and no serve mode; integration tests may use them all.
  'test/unit': {
    rooms: [
      ...WINDOW,
      'renderer/src/model',
      'contract',
      'wording',
      'electron/app',
      'electron/addon',
      'electron/capture',
      'electron/backend',
      'electron/cli',
      'electron/scan',
      'electron/launcher',
      'electron/supervisor',
      'electron/serve',
      'electron/main',
      'electron/preload',
      'test/support',
    ],
    packages: ['node', 'vitest', 'eslint', 'fast-check'],
  },
  'test/component': {
    rooms: [...WINDOW, 'renderer/src/model', 'contract', 'test/support'],
    packages: ['node', 'vitest', 'react', '@testing-library/react', '@testing-library/user-event'],
  },
  'test/integration': {
    rooms: [
      ...WINDOW,
      'renderer/src/model',
      'contract',
      'wording',
      'electron/app',
      'electron/addon',
      'electron/capture',
      'electron/backend',
      'electron/cli',
      'electron/scan',
      'electron/supervisor',
      'electron/serve',
      'native',
      'test/support',
      'test/support/live',
      'test/support/e2e',
    ],
    packages: ['node', 'vitest', 'ws', 'fast-check'],
  },
  'test/e2e': {
    rooms: ['contract', 'electron/capture', 'test/support', 'test/support/live', 'test/support/e2e'],
    packages: ['node', '@playwright/test', '@axe-core/playwright', 'ws'],
  },
  'test/support': {
    rooms: ['contract', 'electron/capture', 'electron/addon', 'electron/app', 'scripts/gpu/evidence'],
    packages: ['node', 'vitest', '@testing-library/jest-dom', '@testing-library/react', 'fflate', 'fast-check'],
  },
  // The GPU evidence writer's readers (JavaScript, typed by JSDoc): the tests read the runs through the same code.
  'scripts/gpu/evidence': { rooms: [], packages: ['node', '@xmldom/xmldom'] },
  'test/support/live': {
    rooms: [...WINDOW, 'contract', 'electron/addon', 'test/support'],
    packages: ['node', 'ws'],
  },
  'test/support/e2e': {
    rooms: ['contract', 'electron/capture', 'test/support', 'test/support/live'],
    packages: ['node', '@playwright/test'],
  },
};

/** The folders whose TypeScript files must each lie in a room of LAYERS. */
const LAYERED = ['contract', 'wording', 'renderer', 'electron', 'native', 'test'];

const ROOMS_LONGEST_FIRST = Object.keys(LAYERS).sort((a, b) => b.length - a.length);

/** The room of a path relative to the repository root, or null. */
function roomOf(relative) {
  return ROOMS_LONGEST_FIRST.find((room) => relative === room || relative.startsWith(`${room}/`)) ?? null;
}

/** The package an import specifier names; Node's built-in modules are 'node'. */
function packageOf(specifier) {
  if (specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0])) return 'node';
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Path of a file relative to the repository root, with forward slashes. */
function relativeToRoot(file) {
  return path.relative(ROOT, file).split(path.sep).join('/');
}

/** The rule that holds the walls of LAYERS. */
const allowedImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Each room imports only the rooms and packages the layering table gives it.' },
    schema: [],
    messages: {
      room: '{{from}} may not import {{to}} ("{{specifier}}"); it may import {{allowed}}.',
      outside: '{{from}} may not import "{{specifier}}": it lies in no room of the layering table.',
      package: '{{from}} may not import the package {{name}}; it may use {{allowed}}.',
      homeless: '{{folder}} is in no room: add it to the layering table in eslint.config.js.',
    },
  },
  create(context) {
    const file = relativeToRoot(context.filename);
    const from = roomOf(file);
    if (from === null) {
      const layered = LAYERED.some((folder) => file.startsWith(`${folder}/`));
      if (!layered) return {};
      return {
        Program: (node) => context.report({ node, messageId: 'homeless', data: { folder: path.posix.dirname(file) } }),
      };
    }
    const layer = LAYERS[from];
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      if (specifier.startsWith('.')) {
        const target = relativeToRoot(path.resolve(path.dirname(context.filename), specifier));
        const to = roomOf(target);
        if (to === null) {
          context.report({ node, messageId: 'outside', data: { from, specifier } });
        } else if (to !== from && !layer.rooms.includes(to)) {
          const allowed = [from, ...layer.rooms].join(', ');
          context.report({ node, messageId: 'room', data: { from, to, specifier, allowed } });
        }
        return;
      }
      const name = packageOf(specifier);
      if (!layer.packages.includes(name)) {
        const allowed = layer.packages.length > 0 ? layer.packages.join(', ') : 'no package';
        context.report({ node, messageId: 'package', data: { from, name, allowed } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      TSImportType: (node) => check(node.argument, node.argument.literal?.value ?? node.argument.value),
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      '.bundle/**',
      '.gpu/**',
      'native/build/**',
      'native/build-*/**',
      'node_modules/**',
      '.cache/**',
      'test-results/**',
      'playwright-report/**',
      'native/index.cjs',
      // A GPU run's raw record, kept as the machine wrote it (a script a run used among its outputs).
      'docs/gpu-runs/**',
      // Of scripts/, the evidence writer is linted (and type-checked: tsconfig.scripts.json).
      'scripts/*',
      '!scripts/gpu',
      'scripts/gpu/*',
      '!scripts/gpu/write-evidence.mjs',
      '!scripts/gpu/evidence',
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
    files: [
      'contract/**/*.ts',
      'wording/**/*.ts',
      'renderer/**/*.ts',
      'renderer/**/*.tsx',
      'electron/**/*.ts',
      'native/**/*.ts',
      'test/**/*.ts',
      'test/**/*.tsx',
    ],
    plugins: { layering: { rules: { 'allowed-imports': allowedImports } } },
    rules: { 'layering/allowed-imports': 'error' },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // A component file exports its component and that component's props; helpers live in .ts modules.
    files: ['renderer/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportNamedDeclaration > FunctionDeclaration[id.name=/^[^A-Z]/]',
          message: 'A component file exports components only: move this function to a .ts module.',
        },
        {
          // A memoised component (`export const Panel = memo(function Panel …)`) is a component.
          selector:
            'ExportNamedDeclaration > VariableDeclaration > VariableDeclarator:not([id.name=/^[A-Z]/][init.callee.name="memo"])',
          message: 'A component file exports components only: move this value to a .ts module.',
        },
        {
          selector: 'ExportNamedDeclaration > TSTypeAliasDeclaration',
          message: 'A component file exports components and their props only: move this type to a .ts module.',
        },
        {
          selector: 'ExportNamedDeclaration > TSInterfaceDeclaration[id.name!=/Props$/]',
          message: 'A component file exports components and their props only: move this type to a .ts module.',
        },
      ],
    },
  },
  {
    files: ['contract/**/*.ts', 'wording/**/*.ts'],
    languageOptions: { globals: {} },
  },
  {
    files: ['test/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
