import { mkdirSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { startApp, type AppProcess } from './support/app-process'
import { ChatPage, SCREENSHOT_DIR, TEXT_MODEL, VISION_MODEL } from './support/pages/chat'

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

  await chat.send('Compare the dialects, about 150 words')
  // Both stream at once.
  await expect(chat.footer(chat.lastReply(1)).getByText(/Streaming…|Waiting/)).toBeVisible()
  await expect(chat.footer(chat.lastReply(2)).getByText(/Streaming…|Waiting/)).toBeVisible()
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
