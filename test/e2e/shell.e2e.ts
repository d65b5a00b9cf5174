import { expect, test } from '@playwright/test'
import { startApp, type AppProcess } from './support/app-process'
import { hostInvoke } from './support/host-api'
import { SettingsPage } from './support/pages/settings'

/**
 * The app shell: header (profile, key fingerprint, theme, settings), the collapsible sidebar and side
 * panel with their tabs, and the Settings dialog's keyboard behaviour.
 */

const EXPECT_KEYCHAIN = process.env.DBUS_SESSION_BUS_ADDRESS !== undefined

let app: AppProcess

test.beforeAll(async () => {
  app = await startApp()
})
test.afterAll(async () => {
  await app?.stop()
})

test('the header shows the product, the active profile and its key fingerprint', async ({ page }) => {
  await page.goto(app.url)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Model Gateway Playground')
  const profile = page.getByRole('combobox', { name: 'Profile' })
  await expect(profile).toHaveValue('local')
  await expect(profile.locator('option:checked')).toHaveText('Local gateway')
  const { last4 } = await hostInvoke(app, 'secrets:status', { profileId: 'local' })
  await expect(page.getByTestId('key-status')).toHaveText(
    `Key •••• ${last4} · ${EXPECT_KEYCHAIN ? 'keychain' : 'this session only'}`,
  )
  if (!EXPECT_KEYCHAIN) {
    // Session only: the reason is one click away.
    await page.getByRole('button', { name: 'Why?' }).click()
    await expect(page.locator('.key-indicator').getByRole('note')).toContainText('session only')
  }
})

test('the theme control applies data-theme at once and main remembers it', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto(app.url)
  const theme = page.getByRole('combobox', { name: 'Theme' })
  await expect(theme).toHaveValue('system')
  // System follows the browser's preference.
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await theme.selectOption({ label: 'Light' })
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await theme.selectOption({ label: 'Dark' })
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await expect.poll(async () => (await hostInvoke(app, 'settings:get', undefined)).theme).toBe('dark')

  await page.emulateMedia({ colorScheme: 'light' })
  await page.reload()
  await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveValue('dark')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await page.getByRole('combobox', { name: 'Theme' }).selectOption({ label: 'System' })
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
})

test('sidebar and side panel have their tabs, collapse to give the chat room, and stay collapsed', async ({
  page,
}) => {
  await page.goto(app.url)
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
  const sidePanel = page.getByRole('complementary', { name: 'Side panel' })
  await expect(sidebar.getByRole('tab')).toHaveText(['Models', 'History'])
  await expect(sidePanel.getByRole('tab')).toHaveText(['Parameters', 'Code (next)', 'Inspector'])
  await sidePanel.getByRole('tab', { name: 'Code' }).click()
  await expect(sidePanel.getByRole('tab', { name: 'Code' })).toHaveAttribute('aria-selected', 'true')
  await expect(sidePanel.getByRole('tabpanel', { name: 'Code' })).toBeVisible()

  const main = page.getByRole('main')
  const wideBefore = (await main.boundingBox())?.width ?? 0
  await sidebar.getByRole('button', { name: 'Hide sidebar' }).click()
  await sidePanel.getByRole('button', { name: 'Hide side panel' }).click()
  await expect(sidebar.getByRole('tab')).toHaveCount(0)
  const wideAfter = (await main.boundingBox())?.width ?? 0
  expect(wideAfter).toBeGreaterThan(wideBefore + 500)

  await page.reload()
  await expect(sidebar.getByRole('button', { name: 'Show sidebar' })).toBeVisible()
  await expect(sidePanel.getByRole('button', { name: 'Show side panel' })).toBeVisible()
  // A tab's button in the rail reopens the region on that tab.
  await sidebar.getByRole('button', { name: 'Show History' }).click()
  await expect(sidebar.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true')
  await sidePanel.getByRole('button', { name: 'Show side panel' }).click()
  await expect(sidePanel.getByRole('tab', { name: 'Code' })).toBeVisible()
})

test('Settings is a modal dialog: focus moves in, Escape closes, focus returns', async ({ page }) => {
  const settings = new SettingsPage(page)
  await page.goto(app.url)
  const opener = page.getByRole('button', { name: 'Settings', exact: true })
  await opener.focus()
  await opener.press('Enter')
  await expect(settings.dialog()).toHaveAttribute('aria-modal', 'true')
  await expect
    .poll(() => settings.dialog().evaluate((dialog) => dialog.contains(document.activeElement)))
    .toBe(true)
  // Tab stays inside.
  for (let i = 0; i < 12; i++) await page.keyboard.press('Tab')
  await expect
    .poll(() => settings.dialog().evaluate((dialog) => dialog.contains(document.activeElement)))
    .toBe(true)
  await page.keyboard.press('Escape')
  await expect(settings.dialog()).toBeHidden()
  await expect(opener).toBeFocused()
  // The backdrop closes it too; the close button as well.
  await opener.click()
  await page.mouse.click(5, 400)
  await expect(settings.dialog()).toBeHidden()
  await opener.click()
  await settings.dialog().getByRole('button', { name: 'Close' }).click()
  await expect(settings.dialog()).toBeHidden()
})
