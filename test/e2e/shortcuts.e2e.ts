import { expect, test } from '@playwright/test'
import { startApp, type AppProcess } from './support/app-process'
import { ChatPage } from './support/pages/chat'

/**
 * The keyboard as a user reaches for it: Esc stops a reply that runs away (both panes when
 * comparing), from the message box where the user still is; `?` lists the shortcuts.
 */

let app: AppProcess

test.beforeAll(async () => {
  // Slow enough that a long reply is still streaming when Esc is pressed.
  app = await startApp({ gatewayConfig: { simulator: { ttftMs: 40, tokensPerSecond: 60 } } })
})
test.afterAll(async () => {
  await app?.stop()
})

test('Esc in the message box stops the streaming reply; the partial text stays', async ({ page }) => {
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await chat.message().fill('Write a long, detailed essay about streams, 500 words')
  await chat.message().press('Control+Enter')
  const reply = chat.lastReply()
  await expect(chat.footer(reply).getByText('Streaming…')).toBeVisible()
  await expect(chat.message()).toBeFocused()
  await chat.message().press('Escape')
  await expect(chat.footer(reply)).toContainText('Stopped')
  await chat.waitForIdle(5_000)
  expect(((await chat.replyText(reply).textContent()) ?? '').length).toBeGreaterThan(0)
})

test('Esc stops both panes when comparing, with focus anywhere on the page', async ({ page }) => {
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await chat.setCompare('Dialects side by side')
  await chat.send('Write a long, detailed essay about streams, 500 words')
  await expect(chat.footer(chat.lastReply(1)).getByText('Streaming…')).toBeVisible()
  await expect(chat.footer(chat.lastReply(2)).getByText('Streaming…')).toBeVisible()
  await page.locator('body').press('Escape')
  await expect(chat.footer(chat.lastReply(1))).toContainText('Stopped')
  await expect(chat.footer(chat.lastReply(2))).toContainText('Stopped')
  await chat.waitForIdle(5_000)
})

test('? lists the shortcuts, but is just a character in the message box', async ({ page }) => {
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await chat.message().press('?')
  await expect(chat.message()).toHaveValue('?')
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0)

  await page.locator('body').click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('?')
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(dialog).toBeVisible()
  const list = dialog.getByRole('table', { name: 'Keyboard shortcuts' })
  await expect(list.getByRole('row', { name: /Ctrl\+Enter/ })).toContainText('Send')
  await expect(list.getByRole('row', { name: /Esc.*Stop/ })).toBeVisible()
  await expect(list.getByRole('row', { name: /\?/ })).toContainText('Show these shortcuts')
  // Esc closes the list (it does not reach the stop).
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  // The header button opens it too.
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click()
  await expect(dialog).toBeVisible()
})
