import { mkdirSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { startApp, type AppProcess } from './support/app-process'
import { ChatPage, SCREENSHOT_DIR, TEXT_MODEL, VISION_MODEL } from './support/pages/chat'
import { HistoryPage } from './support/pages/history'

/** One prompt through both dialects (or two models) at once, streamed side by side, differences shown. */

let app: AppProcess

test.beforeAll(async () => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  app = await startApp({ gatewayConfig: { simulator: { ttftMs: 40, tokensPerSecond: 400 } } })
})
test.afterAll(async () => {
  await app?.stop()
})

test('both dialects side by side: two panes stream, each footer names its dialect, the differences appear', async ({
  page,
}) => {
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await chat.selectModel(1, TEXT_MODEL)
  await chat.setCompare('Dialects side by side')
  await expect(chat.pane(2)).toBeVisible()
  await expect(chat.pane(1).getByRole('combobox', { name: 'Dialect' })).toHaveValue('openai-chat')
  await expect(chat.pane(2).getByRole('combobox', { name: 'Dialect' })).toHaveValue('anthropic-messages')
  await expect(chat.pane(2).getByRole('combobox', { name: 'Model' })).toHaveValue(TEXT_MODEL)

  // Long enough (~2 s at 400 tokens/s) that both replies are still streaming when looked at, even on a busy machine.
  await chat.send('Compare the dialects, about 600 words')
  // Both stream at once (looked for together: one after the other, a loaded machine can spend the
  // second reply's two seconds on the first look).
  await Promise.all(
    [1, 2].map((pane) =>
      expect(chat.footer(chat.lastReply(pane)).getByText(/Streaming…|Waiting/)).toBeVisible(),
    ),
  )
  await chat.waitForIdle()

  const first = chat.footer(chat.lastReply(1))
  const second = chat.footer(chat.lastReply(2))
  await expect(first).toContainText('OpenAI (chat completions)')
  await expect(first).toContainText('stop · stop')
  await expect(second).toContainText('Anthropic (messages)')
  await expect(second).toContainText('stop · end_turn')
  // The same turn went to both panes.
  await expect(chat.userMessages(1)).toHaveText(/Compare the dialects/)
  await expect(chat.userMessages(2)).toHaveText(/Compare the dialects/)

  const summary = page.getByRole('region', { name: 'Compare summary' })
  await expect(summary).toBeVisible()
  const finishRow = summary.getByRole('row', { name: /Finish/ })
  await expect(finishRow).toContainText('stop · stop')
  await expect(finishRow).toContainText('stop · end_turn')
  await expect(summary.getByRole('row', { name: /Tokens in \/ out/ })).toContainText(/\d+ \/ \d+/)
  await expect(summary.getByRole('row', { name: /TTFT/ })).toContainText(/\d+(\.\d+)? m?s/)
  await expect(summary.getByRole('row', { name: /Tokens\/s/ })).toContainText(/tok\/s/)
  // OpenAI needs stream_options.include_usage for token counts; Messages always reports usage.
  await expect(summary.getByRole('row', { name: /Parameters/ })).toContainText('include_usage')

  await chat.screenshots('compare')
})

test('models side by side: the second pane takes the other model in the same dialect', async ({ page }) => {
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await chat.selectModel(1, VISION_MODEL)
  await chat.setCompare('Models side by side')
  await expect(chat.pane(2).getByRole('combobox', { name: 'Model' })).toHaveValue(TEXT_MODEL)
  await expect(chat.pane(2).getByRole('combobox', { name: 'Dialect' })).toHaveValue('openai-chat')
  await chat.send('Which model are you?')
  await chat.waitForIdle()
  await expect(chat.lastReply(1)).toContainText(VISION_MODEL)
  await expect(chat.lastReply(2)).toContainText(TEXT_MODEL)
  await expect(page.getByRole('region', { name: 'Compare summary' })).toBeVisible()

  // Back to one pane: the focused one stays, with its transcript.
  await chat.setCompare('Single')
  await expect(chat.pane(2)).toHaveCount(0)
  await expect(chat.replies(1)).toHaveCount(1)
  await expect(page.getByRole('region', { name: 'Compare summary' })).toHaveCount(0)
})

test('nothing lost: a dialect comparison switched to Single and back, reloaded and reopened keeps every reply in its own pane', async ({
  page,
}) => {
  const chat = new ChatPage(page)
  const summary = page.getByRole('region', { name: 'Compare summary' })
  const expectDialectPanes = async (replies: number): Promise<void> => {
    await expect(chat.pane(1).getByRole('combobox', { name: 'Dialect' })).toHaveValue('openai-chat')
    await expect(chat.pane(2).getByRole('combobox', { name: 'Dialect' })).toHaveValue('anthropic-messages')
    await expect(chat.replies(1)).toHaveCount(replies)
    await expect(chat.replies(2)).toHaveCount(replies)
    for (let i = 0; i < replies; i++) {
      await expect(chat.footer(chat.replies(1).nth(i))).toContainText('stop · stop')
      await expect(chat.footer(chat.replies(2).nth(i))).toContainText('Anthropic (messages)')
      await expect(chat.footer(chat.replies(2).nth(i))).toContainText('stop · end_turn')
    }
    // The differences compare the two panes' own replies, not pane 1 with a copy of itself.
    await expect(summary.getByRole('row', { name: /Finish/ })).toContainText('stop · end_turn')
  }

  await chat.open(app.url)
  await chat.selectModel(1, TEXT_MODEL)
  await chat.setCompare('Dialects side by side')
  await chat.send('Nothing lost, first question')
  await chat.waitForIdle()
  await expectDialectPanes(1)

  await chat.setCompare('Single')
  await expect(chat.pane(2)).toHaveCount(0)
  await chat.setCompare('Dialects side by side')
  await expectDialectPanes(1)
  await chat.send('Nothing lost, second question')
  await chat.waitForIdle()
  await expectDialectPanes(2)

  // Set aside (Single), then the page reloads: the saved conversation still has pane 2's replies.
  await chat.setCompare('Single')
  await page.reload()
  await expect(chat.message()).toBeVisible()
  const history = new HistoryPage(page)
  await history.open()
  await history.item('Nothing lost, first question').getByRole('button', { name: 'Open' }).click()
  await expect(chat.replies(1)).toHaveCount(2)
  await expect(chat.pane(2)).toHaveCount(0)
  await chat.setCompare('Dialects side by side')
  await expectDialectPanes(2)

  // Reopened in compare, it says which comparison it is.
  await page.reload()
  await history.open()
  await history.item('Nothing lost, first question').getByRole('button', { name: 'Open' }).click()
  await expect(
    page.getByRole('radiogroup', { name: 'Compare' }).getByRole('radio', { name: 'Dialects side by side' }),
  ).toBeChecked()
  await expectDialectPanes(2)
})

test('per-pane settings: linked by default, unlinked per field, each pane sends its own, the differences list them', async ({
  page,
}) => {
  const chat = new ChatPage(page)
  const summary = page.getByRole('region', { name: 'Compare summary' })
  const temperature = page.getByRole('spinbutton', { name: 'Temperature value' })
  const linkTemperature = page.getByRole('button', { name: 'Link Temperature across panes' })
  const focusPane = (index: number) => chat.pane(index).locator('.pane-number').click()

  await chat.open(app.url)
  await chat.selectModel(1, TEXT_MODEL)
  await chat.setCompare('Dialects side by side')
  await page.getByRole('tab', { name: 'Parameters' }).click()
  await expect(linkTemperature).toHaveAttribute('aria-pressed', 'true')
  // Linked: one edit, both panes.
  await temperature.fill('0.3')
  await focusPane(2)
  await expect(temperature).toHaveValue('0.3')

  // Unlinked: pane 2 gets its own.
  await linkTemperature.click()
  await expect(linkTemperature).toHaveAttribute('aria-pressed', 'false')
  await temperature.fill('0.8')
  await focusPane(1)
  await expect(temperature).toHaveValue('0.3')
  await page.getByRole('button', { name: 'Link System prompt across panes' }).click()
  await page.getByRole('textbox', { name: 'System prompt, Pane 1' }).fill('Answer as a pirate.')
  await page.getByRole('textbox', { name: 'System prompt, Pane 2' }).fill('Answer as a poet.')

  await expect(summary.getByRole('row', { name: /Temperature/ })).toContainText(/0\.3.*0\.8/)
  await expect(summary.getByRole('row', { name: /System prompt/ })).toContainText(/pirate.*poet/)

  await chat.send('Per-pane settings, who are you?')
  await chat.waitForIdle()
  await page.getByRole('tab', { name: 'Inspector' }).click()
  await focusPane(1)
  await expect(page.getByLabel('Request body')).toContainText('"temperature": 0.3')
  await expect(page.getByLabel('Request body')).toContainText('pirate')
  await focusPane(2)
  await expect(page.getByLabel('Request body')).toContainText('"temperature": 0.8')
  await expect(page.getByLabel('Request body')).toContainText('poet')
  await expect(summary.getByRole('row', { name: /Temperature/ })).toContainText(/0\.3.*0\.8/)

  await page.getByRole('tab', { name: 'Parameters' }).click()
  await chat.screenshots('compare-per-pane')

  // Reopened from History: still unlinked, each pane with its own values.
  await page.reload()
  const history = new HistoryPage(page)
  await history.open()
  await history.item('Per-pane settings, who are you?').getByRole('button', { name: 'Open' }).click()
  await page.getByRole('tab', { name: 'Parameters' }).click()
  await expect(linkTemperature).toHaveAttribute('aria-pressed', 'false')
  await focusPane(2)
  await expect(temperature).toHaveValue('0.8')
  await expect(page.getByRole('textbox', { name: 'System prompt, Pane 2' })).toHaveValue('Answer as a poet.')

  // Linked again: pane 2's value (the pane the user is in) for both.
  await linkTemperature.click()
  await focusPane(1)
  await expect(temperature).toHaveValue('0.8')
  await expect(summary.getByRole('row', { name: /Temperature/ })).toHaveCount(0)
})
