import { mkdirSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { startApp, type AppProcess } from './support/app-process'
import { hostInvoke } from './support/host-api'
import { ChatPage, SCREENSHOT_DIR } from './support/pages/chat'

/**
 * Failures injected through the local gateway's `x-simulate` ("Simulate fault") and how each one is
 * shown: status, type, message, request id and Retry for HTTP errors; partial text kept with the
 * error for a mid-stream error; "Incomplete" for a dropped connection.
 */

let app: AppProcess

test.beforeAll(async () => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  app = await startApp({ gatewayConfig: { simulator: { ttftMs: 30, tokensPerSecond: 400 } } })
})
test.afterAll(async () => {
  await app?.stop()
})

test('429 rate limit: retried by main while the user sees why, then shown with status, type, request id and Retry', async ({
  page,
}) => {
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await chat.simulate('429 rate limit')
  await chat.send('Hit the rate limit')
  const reply = chat.lastReply()
  // Main retries 429 before any content; the wait is announced under the reply.
  await expect(
    chat
      .footer(reply)
      .getByRole('status')
      .filter({ hasText: /^Retry 1 in / }),
  ).toBeVisible()
  await chat.waitForIdle()

  const footer = chat.footer(reply)
  await expect(footer).toContainText('HTTP 429')
  await expect(footer).toContainText('requests · rate_limit_exceeded')
  await expect(footer).toContainText('Simulated error')
  await expect(footer).toContainText(/Request id req_\w+/)
  await expect(footer).toContainText('The provider answered with an error')
  await chat.screenshots('error')

  // Retry without the fault: the reply is replaced by a good one.
  await chat.simulate('No fault')
  await footer.getByRole('button', { name: 'Retry' }).click()
  await chat.waitForIdle()
  await expect(chat.replies()).toHaveCount(1)
  await expect(chat.footer(chat.lastReply())).toContainText('stop · stop')
  await expect(chat.footer(chat.lastReply())).not.toContainText('HTTP 429')
})

test('529 overloaded in the Messages dialect', async ({ page }) => {
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await chat.pane(1).getByRole('combobox', { name: 'Dialect' }).selectOption('anthropic-messages')
  await chat.simulate('529 overloaded')
  await chat.send('Overload me')
  await chat.waitForIdle()
  const footer = chat.footer(chat.lastReply())
  await expect(footer).toContainText('HTTP 529 · overloaded_error')
  await expect(footer).toContainText('Anthropic (messages)')
  await expect(footer).toContainText(/Request id req_\w+/)
  await expect(footer.getByRole('button', { name: 'Retry' })).toBeVisible()
})

test('error mid-stream: the text so far stays, with the in-band error', async ({ page }) => {
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await chat.simulate('Error mid-stream')
  await chat.send('Break in the middle')
  await chat.waitForIdle()
  const reply = chat.lastReply()
  // The growing block's markdown comes from a worker: its text may paint a moment after the reply ends.
  await expect
    .poll(async () => ((await chat.replyText(reply).textContent()) ?? '').trim().length)
    .toBeGreaterThan(5)
  const footer = chat.footer(reply)
  await expect(footer).toContainText('The provider answered with an error')
  await expect(footer).toContainText('server_error')
  await expect(footer).not.toContainText('HTTP ')
  await expect(footer.getByRole('button', { name: 'Retry' })).toBeVisible()
})

test('a dropped connection is Incomplete, with the partial text', async ({ page }) => {
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await chat.simulate('Drop after 5 tokens')
  await chat.send('Drop the connection')
  await chat.waitForIdle()
  const reply = chat.lastReply()
  // The growing block's markdown comes from a worker: its text may paint a moment after the reply ends.
  await expect
    .poll(async () => ((await chat.replyText(reply).textContent()) ?? '').trim().length)
    .toBeGreaterThan(5)
  await expect(chat.footer(reply)).toContainText('Incomplete — the stream ended before its end marker')
  await expect(chat.footer(reply).getByRole('button', { name: 'Retry' })).toBeVisible()
})

test('a slow first token shows the waiting state, then the reply', async ({ page }) => {
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await chat.simulate('Slow first token (3 s)')
  await chat.send('Take your time')
  await expect(chat.footer(chat.lastReply()).getByText('Waiting for the first token…')).toBeVisible()
  await chat.waitForIdle(15_000)
  await expect(chat.footer(chat.lastReply())).toContainText(/TTFT \d+(\.\d+)? s/)
  // At least the simulated 3 s (less a timer's slack); how much more depends on the machine's speed.
  const footer = (await chat.footer(chat.lastReply()).textContent()) ?? ''
  expect(Number(/TTFT (\d+(?:\.\d+)?) s/.exec(footer)?.[1]), footer).toBeGreaterThanOrEqual(2.9)
})

test('the fault select exists only for the local gateway profile', async ({ page }) => {
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await expect(page.getByRole('combobox', { name: 'Simulate fault' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Simulate fault' }).locator('option')).toHaveText([
    'No fault',
    '429 rate limit',
    '529 overloaded',
    'Error mid-stream',
    'Drop after 5 tokens',
    'Slow first token (3 s)',
  ])

  // A hosted profile has no fault injection: the control is gone (set up through main, not the subject).
  const remote = await hostInvoke(app, 'profiles:save', {
    name: 'Hosted',
    baseUrl: 'https://gateway.example/v1',
    catalogSource: 'bundled',
  })
  await hostInvoke(app, 'profiles:activate', { profileId: remote.id })
  await chat.open(app.url)
  await expect(page.getByRole('combobox', { name: 'Profile' }).locator('option:checked')).toHaveText('Hosted')
  await expect(page.getByRole('combobox', { name: 'Simulate fault' })).toHaveCount(0)
  await expect(chat.message()).toBeVisible()
})
