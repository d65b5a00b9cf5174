import { expect, test, type Page } from '@playwright/test'
import { startApp, type AppProcess } from './support/app-process'
import { CatalogPage } from './support/pages/catalog'
import { SettingsPage } from './support/pages/settings'
import { runCurlInBash } from './support/run-in-bash'

/**
 * Browser mode, default (local) profile: a quickstart copied from a card, preceded by the key line the
 * UI gives for the local gateway, runs with bash and gets 200. Before, the local key was "never shown"
 * and copy-with-key was desktop-only, so the pasted quickstart got 401.
 */

const TEXT = 'vendorb3.8-Flash-Next'
let app: AppProcess

test.beforeAll(async () => {
  app = await startApp()
})
test.afterAll(async () => {
  await app?.stop()
})

test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

const readClipboard = (page: Page): Promise<string> => page.evaluate(() => navigator.clipboard.readText())

for (const label of ['OpenAI (curl)', 'Anthropic (curl)']) {
  test(`the ${label} quickstart of a card runs against the local gateway with the key from the card`, async ({
    page,
  }) => {
    await page.goto(app.url)
    const catalog = new CatalogPage(page)
    await expect(catalog.card(TEXT)).toBeVisible()
    await catalog.quickstart(TEXT, label)
    await catalog
      .card(TEXT)
      .getByRole('button', { name: `Copy ${label}` })
      .click()
    const command = await readClipboard(page)
    expect(command).toContain(app.localGatewayUrl)

    // Without the key, what a user met before: 401.
    expect((await runCurlInBash(command)).httpStatus).toBe('401')

    await catalog
      .card(TEXT)
      .getByRole('region', { name: 'Access' })
      .getByRole('button', { name: 'Copy key export' })
      .click()
    await expect(catalog.card(TEXT).getByRole('status')).toContainText('Copied')
    const exportLine = await readClipboard(page)
    expect(exportLine).toMatch(/^export MODEL_GATEWAY_API_KEY='sk-local-[\w-]+'$/)

    const result = await runCurlInBash(`${exportLine}\n${command}`)
    expect(result.stderr).toBe('')
    expect(result.httpStatus).toBe('200')
    expect(JSON.parse(result.body)).toHaveProperty('model', TEXT)
  })
}

test('Settings shows the local key on request, and offers no way to show a hosted key', async ({ page }) => {
  await page.goto(app.url)
  const settings = new SettingsPage(page)
  await settings.open()
  const local = settings.profile('Local gateway')
  await expect(local.getByLabel('Local gateway key')).toHaveCount(0)
  await local.getByRole('button', { name: 'Show key' }).click()
  await expect(local.getByLabel('Local gateway key')).toHaveText(/^sk-local-[\w-]+$/)
  await local.getByRole('button', { name: 'Hide key' }).click()
  await expect(local.getByLabel('Local gateway key')).toHaveCount(0)

  await settings.addProfile({ name: 'Hosted', baseUrl: 'http://127.0.0.1:9/v1', catalogSource: 'bundled' })
  await settings.enterKey('Hosted', 'sk-hosted-never-shown-1234')
  await expect(settings.keyStatus('Hosted')).toContainText('1234')
  await expect(
    settings.profile('Hosted').getByRole('button', { name: /Show key|Copy key export/ }),
  ).toHaveCount(0)
  await expect(page.locator('html')).not.toContainText('sk-hosted-never-shown')
})
