import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { resolveGatewayConfig } from '@gateway/gateway-config'
import { startGateway, type RunningGateway } from '@gateway/start-gateway'
import { startApp, type AppProcess } from './support/app-process'
import { CatalogPage } from './support/pages/catalog'
import { SettingsPage } from './support/pages/settings'

/**
 * Keys as a user handles them: a remote profile pointing at a gateway this test starts, its key
 * entered, stored (in the system keychain inside a Secret Service session, for this session only
 * elsewhere, and the screen says which and why), shown only masked, removed. The key is a canary
 * searched for everywhere the page and the app could have put it.
 */

const CANARY = `sk-CANARY-${randomUUID()}`
const LAST4 = CANARY.slice(-4)
const PROFILE = 'Test gateway'
// Inside `dbus-run-session` with an unlocked gnome-keyring (npm test), the keychain is reachable.
const EXPECT_KEYCHAIN = process.env.DBUS_SESSION_BUS_ADDRESS !== undefined

let app: AppProcess
let gateway: RunningGateway

test.beforeAll(async () => {
  gateway = await startGateway({
    apiKey: CANARY,
    port: 0,
    config: resolveGatewayConfig({ simulator: { ttftMs: 0, tokensPerSecond: 5000 } }),
  })
  app = await startApp()
})
test.afterAll(async () => {
  await app?.stop()
  await gateway?.close()
})

/** Every form the canary could take in text: plain, JSON-escaped, URL-encoded, base64. */
function canaryForms(): string[] {
  return [CANARY, JSON.stringify(CANARY).slice(1, -1), encodeURIComponent(CANARY), btoa(CANARY)]
}

async function expectKeyNowhereInPage(page: Page): Promise<void> {
  const places = await page.evaluate(() => ({
    html: document.documentElement.outerHTML,
    local: JSON.stringify({ ...localStorage }),
    session: JSON.stringify({ ...sessionStorage }),
    // Values of inputs are not in outerHTML: read them too.
    inputs: [...document.querySelectorAll('input, textarea')].map(
      (field) => (field as HTMLInputElement).value,
    ),
  }))
  for (const form of canaryForms()) {
    expect(places.html).not.toContain(form)
    expect(places.local).not.toContain(form)
    expect(places.session).not.toContain(form)
    expect(places.inputs.join('\n')).not.toContain(form)
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    return statSync(full).isDirectory() ? filesUnder(full) : [full]
  })
}

test('a remote profile: invalid URL refused inline, key entered, stored, masked, removed', async ({
  page,
}) => {
  const settings = new SettingsPage(page)
  const catalog = new CatalogPage(page)
  await page.goto(app.url)
  await expect(catalog.card('vendorb3.8-Flash-Next')).toBeVisible()
  await settings.open()

  // The local profile is read-only, its key managed by the app.
  const local = settings.profile('Local gateway')
  await expect(local.getByText(/Key managed by the app/)).toBeVisible()
  await expect(local.getByRole('button', { name: 'Edit' })).toHaveCount(0)

  // An invalid base URL is refused with the message main uses.
  const form = await settings.submitNewProfile({ name: PROFILE, baseUrl: 'localhost:8787/v1' })
  await expect(
    form.getByText('Base URL must be an http(s) URL, e.g. https://gateway.example.com/v1.'),
  ).toBeVisible()
  await expect(form.getByLabel('Base URL')).toHaveAttribute('aria-invalid', 'true')
  await settings.addProfile({ name: PROFILE, baseUrl: gateway.baseUrl })
  await expect(settings.keyStatus(PROFILE)).toContainText('No key yet.')

  await settings.enterKey(PROFILE, CANARY)
  const status = settings.keyStatus(PROFILE)
  await expect(status).toContainText(`•••• ${LAST4}`)
  if (EXPECT_KEYCHAIN) {
    await expect(status).toContainText('Stored in the system keychain')
  } else {
    await expect(status).toContainText('Kept for this session only')
    // …with the plain-language reason.
    await expect(status.locator('.settings-key-reason')).toContainText('session only')
  }
  await expect(settings.profile(PROFILE).getByLabel('New API key')).toHaveValue('')
  await expectKeyNowhereInPage(page)

  // Using the profile: the header shows the fingerprint, the cards come from that gateway.
  await settings.profile(PROFILE).getByRole('button', { name: 'Use this profile' }).click()
  await settings.close()
  await expect(page.getByLabel('Profile')).toHaveValue(/^test-gateway-/)
  await expect(page.getByTestId('key-status')).toHaveText(
    `Key •••• ${LAST4} · ${EXPECT_KEYCHAIN ? 'keychain' : 'this session only'}`,
  )
  await expect(catalog.source()).toHaveText("From the gateway's catalog")
  await expect(catalog.accessValue('vendorb3.8-Flash-Next', 'Base URL')).toContainText(gateway.baseUrl)
  await expect(catalog.accessValue('vendorb3.8-Flash-Next', 'API Key')).toHaveText(`•••• ${LAST4}`)
  await expectKeyNowhereInPage(page)

  // Removed: no key anywhere, the header says so, the cards offer sign-in, the catalog falls back.
  await settings.open()
  await settings.removeKey(PROFILE)
  await expect(settings.keyStatus(PROFILE)).toContainText('No key yet.')
  await settings.close()
  await expect(page.getByTestId('key-status')).toHaveText('No key')
  await expect(page.getByRole('button', { name: 'Add key' })).toBeVisible()
  await expect(
    catalog.card('vendorb3.8-Flash-Next').getByRole('link', { name: 'Sign in to get an API key' }),
  ).toHaveAttribute('target', '_blank')
  await expect(catalog.warning()).toContainText('401')

  // Nothing the app wrote to disk holds the key either.
  for (const file of filesUnder(app.userDataDir)) {
    const text = readFileSync(file, 'latin1')
    for (const form of canaryForms()) expect(text, file).not.toContain(form)
  }
  await expectKeyNowhereInPage(page)
})

test('removing a profile asks first, then the local profile is active again', async ({ page }) => {
  const settings = new SettingsPage(page)
  await page.goto(app.url)
  await settings.open()
  const profile = settings.profile(PROFILE)
  await profile.getByRole('button', { name: 'Remove', exact: true }).click()
  await profile.getByRole('button', { name: 'Cancel' }).click()
  await expect(profile).toBeVisible()
  await profile.getByRole('button', { name: 'Remove', exact: true }).click()
  await profile.getByRole('button', { name: 'Yes, remove' }).click()
  await expect(profile).toHaveCount(0)
  await settings.close()
  await expect(page.getByLabel('Profile')).toHaveValue('local')
})
