import { defineConfig } from 'vitest/config'

// Two projects: `unit` is everything `npm run check` runs; `keychain` needs a real Secret Service
// and runs only under dbus-run-session (scripts/test-all.sh).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'test/integration/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.keychain.test.ts', 'node_modules/**'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'keychain',
          include: ['src/**/*.keychain.test.ts', 'test/**/*.keychain.test.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
})
