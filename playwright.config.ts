import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './test/support/chromium'

/**
 * End-to-end tests in browser mode: the real app (built renderer + main services + local gateway,
 * started as `npm start -- --browser` would) driven in Debian's Chromium. Playwright cannot download
 * its own browsers here, so it launches /usr/bin/chromium (override with PLAYWRIGHT_CHROMIUM).
 */
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './test/e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: 'artifacts/playwright-report' }]]
    : 'list',
  outputDir: 'artifacts/test-results',
  use: {
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: [...CHROMIUM_ARGS] },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
})
