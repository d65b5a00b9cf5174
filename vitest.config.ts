import { defineConfig } from 'vitest/config'

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

// Three projects: `unit` (pure and in-process, what `npm run check` runs), `integration` and `keychain`.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: [...integration, ...keychain, 'node_modules/**'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: integration,
          exclude: [...keychain, 'node_modules/**'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'keychain',
          include: keychain,
          testTimeout: 30_000,
        },
      },
    ],
  },
})
