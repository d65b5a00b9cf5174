import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { ALIASES } from './electron.vite.config'

// Tests that start real processes: anything under test/integration/ (the gateway CLI, SDK clients
// against a live gateway, the browser host over HTTP), `*.shell.test.ts` (generated commands
// executed by bash/dash and curl) and `*.integration.test.ts` next to the code (e.g. the SIGKILL
// crash test). They are slow, so they stay out of the inner loop.
const integration = [
  'test/integration/**/*.test.ts',
  'src/**/*.shell.test.ts',
  'src/**/*.integration.test.ts',
  'scripts/**/*.integration.test.ts',
]
// Needs a real Secret Service: runs only under dbus-run-session (scripts/test-all.sh).
const keychain = ['src/**/*.keychain.test.ts', 'test/**/*.keychain.test.ts']

// In-process tests that need a fresh module graph per file: the renderer's stores, the DOM and its
// testing-library cleanup, and electron mocks are module state that one file would leave to the next;
// so is any `vi.mock` of a module (`*.isolated.test.ts`: in the shared cache of `unit` the module
// under test may already hold the real one). Lint keeps vi.mock out of the other files.
const unitIsolated = [
  'src/**/*.isolated.test.{ts,tsx}',
  'src/renderer/**/*.test.{ts,tsx}',
  'src/preload/**/*.test.ts',
  'src/main/window/**/*.test.ts',
]

// One worker per core for the unit projects: vitest's default keeps a core for its main process, which
// on a 2-core machine means a single worker, while the main process of an in-process run mostly waits.
const unitWorkers = availableParallelism()

// `npm run test:unit` (and `npm run check`) runs the two unit projects; `npm test` runs them all.
export default defineConfig({
  resolve: { alias: ALIASES },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: [...integration, ...keychain, ...unitIsolated, 'node_modules/**'],
          // The rest keeps no state between files, so files in a worker share one module cache: about a
          // third of the CPU time of loading the gateway, the dialects and zod again for each file.
          pool: 'threads',
          maxWorkers: unitWorkers,
          isolate: false,
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-isolated',
          include: unitIsolated,
          exclude: [...keychain, 'node_modules/**'],
          pool: 'threads',
          maxWorkers: unitWorkers,
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: integration,
          exclude: [...keychain, 'node_modules/**'],
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'keychain',
          include: keychain,
          testTimeout: 30_000,
        },
      },
    ],
  },
})
