// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

/** `../../../x`: a file three folders away is in another area, reached by its alias. */
const NO_DEEP_CLIMB = {
  regex: '^(\\.\\./){3,}',
  message:
    'Import by alias (@shared/…, @main/…, @gateway, @node/…, @test/…, @scripts/…), not by climbing ../../../.',
}

const SHARED_IS_PURE = [
  { group: ['node:*'], message: 'src/shared is pure: no Node built-ins.' },
  { group: ['electron', 'electron/*'], message: 'src/shared is pure: no Electron.' },
  { group: ['react', 'react-dom', 'react/*', 'zustand', 'zustand/*'], message: 'src/shared is pure: no UI.' },
  {
    group: ['@main/*', '@gateway', '@gateway/*', '@node/*', '@renderer/*', '@test/*'],
    message: 'src/shared imports nothing outside itself.',
  },
]

// Exact names, not patterns: a pattern `http` would also match our own `../http/` folder.
const NO_NODE_BUILTINS = [
  'fs',
  'path',
  'os',
  'http',
  'https',
  'net',
  'crypto',
  'child_process',
  'stream',
  'buffer',
].map((name) => ({ name, message: 'src/shared is pure: no Node built-ins.' }))

const HISTORY_WITHOUT_EVAL = {
  group: ['@shared/eval', '@shared/eval/*', '../eval', '../eval/*'],
  message: 'src/shared/history does not depend on the eval core.',
}

const GATEWAY_FRONT_DOOR = {
  group: ['@gateway/*', '**/gateway/**'],
  message: "Main reaches the local gateway only through its front door: import from '@gateway'.",
}

const SERVICES_WITHOUT_IPC = {
  regex: '^(@main/ipc|(\\.\\./)+ipc)(/|$)',
  message: 'Services never import the IPC layer: the handlers call the services, not the reverse.',
}

const SCRIPTS_WITHOUT_SERVICES = {
  regex: '^(@main/services|(\\.\\./)+src/main/services)(/|$)',
  message:
    'Scripts drive the app from outside: as a process, or through a public entry (@main/browser-main), never src/main/services.',
}

export default tseslint.config(
  { ignores: ['node_modules', 'out', 'dist', 'coverage', 'artifacts', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    // No import climbs three folders: outside its own area a file imports by alias (electron.vite.config.ts).
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts', 'test/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_DEEP_CLIMB] }] },
  },
  {
    // The shared core runs in main, renderer and gateway alike: it may not reach for any host.
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*.test.ts'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [NO_DEEP_CLIMB, ...SHARED_IS_PURE], paths: NO_NODE_BUILTINS },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'src/shared never does I/O.' },
        { name: 'process', message: 'src/shared never reads the host.' },
        { name: 'window', message: 'src/shared never touches the DOM.' },
        { name: 'document', message: 'src/shared never touches the DOM.' },
      ],
    },
  },
  {
    // Saved conversations are read by the workbench, never the other way round: history stays free of
    // the eval core (templates live in src/shared/templates).
    files: ['src/shared/history/**/*.ts'],
    ignores: ['src/shared/history/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [NO_DEEP_CLIMB, ...SHARED_IS_PURE, HISTORY_WITHOUT_EVAL],
          paths: NO_NODE_BUILTINS,
        },
      ],
    },
  },
  {
    // The gateway runs on its own (`npm run gateway`, a worker thread, tests in-process) and src/node
    // is shared by it and main: neither may lean on the app's main process or on Electron.
    files: ['src/gateway/**/*.ts', 'src/node/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_DEEP_CLIMB,
            { group: ['electron', 'electron/*'], message: 'The gateway and src/node never import Electron.' },
            {
              group: ['**/main/**', '**/renderer/**', '@main/*', '@renderer/*'],
              message: 'The gateway and src/node never import the app.',
            },
          ],
        },
      ],
    },
  },
  {
    // Main starts the local gateway through its front door (src/gateway/index.ts), never its inside.
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/**/*.test.ts', 'src/main/**/__fixtures__/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_DEEP_CLIMB, GATEWAY_FRONT_DOOR] }] },
  },
  {
    // Services are the app's domain logic, shared by both shells and the CLIs: the IPC layer calls them,
    // never the reverse (their errors come from src/main/services/user-facing-error.ts).
    files: ['src/main/services/**/*.ts'],
    ignores: ['src/main/**/*.test.ts', 'src/main/**/__fixtures__/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [NO_DEEP_CLIMB, GATEWAY_FRONT_DOOR, SERVICES_WITHOUT_IPC] },
      ],
    },
  },
  {
    // Benchmarks and dev scripts use the product as its users do: a benchmark that needs the app starts
    // it as a process or through a public entry (the eval CLI's, browser mode's), so the services stay
    // free to change behind them.
    files: ['scripts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_DEEP_CLIMB, SCRIPTS_WITHOUT_SERVICES] }] },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*', '../**/*'],
              message: 'Outside its own folder the renderer imports by alias: @renderer/… or @shared/….',
            },
          ],
        },
      ],
      // The workbench core's barrel re-exports the graders (ajv) and the set files (yaml, csv-parse):
      // a value from it would put them in the initial script (performance.md R5). Types are free.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@shared/eval',
              allowTypeImports: true,
              message:
                'Import the module that defines it (@shared/eval/…); the barrel pulls in ajv and yaml.',
            },
          ],
        },
      ],
    },
  },
  {
    // The `unit` vitest project shares one module cache per worker: a module mock there would meet a
    // module already loaded for real by an earlier file. Mocking files go to `unit-isolated`.
    files: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    ignores: ['src/**/*.isolated.test.{ts,tsx}', 'src/renderer/**', 'src/preload/**', 'src/main/window/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]",
          message:
            'Module mocks need a fresh module graph: name the file *.isolated.test.ts (vitest.config.ts).',
        },
      ],
    },
  },
)
