import path from 'node:path'
import { _electron as electron, expect, test } from '@playwright/test'
import { electronBinary } from '../../scripts/electron-runtime'

/**
 * The Electron shell itself, for machines that have its runtime binary. Where it was never
 * downloaded (these CI machines install with ELECTRON_SKIP_BINARY_DOWNLOAD=1) the test is skipped and
 * says why; everything else runs end to end in browser mode, and the Electron layer has unit tests.
 */
const ROOT = path.resolve(import.meta.dirname, '../..')
const runtime = electronBinary(ROOT)

const SKIP_REASON = `Electron runtime not installed here: ${runtime.reason}`
if (runtime.path === null) process.stdout.write(`electron.e2e.ts skipped: ${SKIP_REASON}\n`)
test.skip(runtime.path === null, SKIP_REASON)

test('the Electron window loads the app, sandboxed, with window.api from the preload', async () => {
  const app = await electron.launch({
    executablePath: runtime.path ?? '',
    args: [ROOT],
    env: { ...process.env, PLAYGROUND_USER_DATA: path.join(test.info().outputDir, 'user-data') },
  })
  try {
    const window = await app.firstWindow()
    await expect(window).toHaveTitle('Model Gateway Playground')
    const surface = await window.evaluate(() => ({
      api: typeof (window as unknown as { api?: object }).api,
      nodeRequire: typeof (window as unknown as { require?: unknown }).require,
      processGlobal: typeof (window as unknown as { process?: unknown }).process,
    }))
    expect(surface).toEqual({ api: 'object', nodeRequire: 'undefined', processGlobal: 'undefined' })
    await expect(window.getByRole('article', { name: 'vendorb3.8-Flash-Next' })).toBeVisible()
  } finally {
    await app.close()
  }
})
