import { mkdirSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { startApp, type AppProcess } from './support/app-process'
import { CatalogPage } from './support/pages/catalog'
import { ChatPage, SCREENSHOT_DIR, TEXT_MODEL, TINY_PNG, VISION_MODEL } from './support/pages/chat'

/**
 * The chat as a user meets it: first run, streaming with metrics, Stop, editing and regenerating,
 * images for the vision model only, the inspector. Against the app's own local gateway, paced so
 * that a stream lasts long enough to be watched (a few hundred tokens per second).
 */

let app: AppProcess

test.beforeAll(async () => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  app = await startApp({ gatewayConfig: { simulator: { ttftMs: 40, tokensPerSecond: 250 } } })
})
test.afterAll(async () => {
  await app?.stop()
})

test('a newcomer picks the text model, sends, and watches a streamed reply with its metrics', async ({
  page,
}) => {
  const chat = new ChatPage(page)
  const catalog = new CatalogPage(page)
  await chat.open(app.url)

  await catalog.useModel(TEXT_MODEL)
  await expect(chat.pane(1).getByRole('combobox', { name: 'Model' })).toHaveValue(TEXT_MODEL)

  await chat.message().fill('Hello playground, write about 300 words please')
  // Sampled in the page every 40 ms from the moment of sending: the text must grow while it streams.
  const sampling = page.evaluate(
    () =>
      new Promise<{ lengths: number[]; sawStreaming: boolean }>((resolve) => {
        const lengths: number[] = []
        let sawStop = false
        let sawStreaming = false
        const timer = setInterval(() => {
          const bodies = document.querySelectorAll('article[aria-label="Assistant reply"] .msg-body')
          lengths.push(bodies[bodies.length - 1]?.textContent?.length ?? 0)
          if (document.body.textContent?.includes('Streaming…')) sawStreaming = true
          const stop = [...document.querySelectorAll('button')].some(
            (button) => button.textContent === 'Stop',
          )
          if (stop) sawStop = true
          if (sawStop && !stop) {
            clearInterval(timer)
            resolve({ lengths, sawStreaming })
          }
        }, 40)
      }),
  )
  await chat.message().press('Control+Enter')
  await expect(chat.message()).toHaveValue('')
  await expect(chat.userMessages()).toHaveText(/Hello playground, write about 300 words please/)
  const reply = chat.lastReply()
  const { lengths, sawStreaming } = await sampling
  // How many samples a machine takes, and so how many show growth, depends on its speed; what a user
  // relies on is that the reply shows up part by part. The stream lasts over a second (about 400
  // tokens paced at 250/s by the gateway's clock), so some sample catches it partly written.
  const final = lengths.at(-1) ?? 0
  expect(final).toBeGreaterThan(0)
  expect(
    lengths.some((length) => length > 0 && length < final),
    `lengths sampled: ${lengths.join(',')}`,
  ).toBe(true)
  expect(sawStreaming).toBe(true)

  const footer = chat.footer(reply)
  await expect(footer).toContainText('OpenAI (chat completions)')
  await expect(footer).toContainText('stop · stop')
  // `40 ms` or, on a busy machine, `1.02 s`: the format follows the duration, which follows the machine.
  await expect(footer).toContainText(/TTFT \d+(\.\d+)? m?s/)
  await expect(footer).toContainText(/\d+ tok\/s/)
  await expect(footer).toContainText(/total \d/)
  await expect(footer).toContainText(/in \d+ · out \d+ · cached 0/)
  await expect(footer.getByRole('button', { name: / pts, exact / })).toHaveAttribute(
    'title',
    /^0\.\d+ pts \(exact\)/,
  )
  await expect(chat.replyText(reply)).toContainText('Hello playground, write about 300 words please')
})

test('Stop mid-stream keeps the partial reply and says it was stopped', async ({ page }) => {
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await chat.send('Write a long, detailed essay about streams')
  const reply = chat.lastReply()
  await expect(chat.footer(reply).getByText('Streaming…')).toBeVisible()
  await expect
    .poll(async () => ((await chat.replyText(reply).textContent()) ?? '').length)
    .toBeGreaterThan(40)
  await chat.stopButton().click()

  await expect(chat.footer(reply)).toContainText('Stopped')
  await chat.waitForIdle()
  const partial = (await chat.replyText(reply).textContent()) ?? ''
  expect(partial.length).toBeGreaterThan(40)
  // Nothing arrives after the stop, and the text stays.
  await page.waitForTimeout(600)
  expect(await chat.replyText(reply).textContent()).toBe(partial)
  await expect(chat.footer(reply)).not.toContainText('stop ·')
  await expect(chat.footer(reply).getByRole('button', { name: 'Retry' })).toBeVisible()
})

test('edit a user message, then regenerate: the reply is replaced and answers the edited text', async ({
  page,
}) => {
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await chat.send('The first question')
  await chat.waitForIdle()
  await expect(chat.lastReply()).toContainText('The first question')

  const user = chat.userMessages().first()
  await user.getByRole('button', { name: 'Edit' }).click()
  await user.getByRole('textbox', { name: 'Edit message' }).fill('The edited question')
  await user.getByRole('button', { name: 'Save only' }).click()
  await expect(user).toContainText('The edited question')
  await expect(user).not.toContainText('The first question')

  // The reply's own Regenerate (the stale note under it offers one too).
  await chat.lastReply().getByRole('toolbar').getByRole('button', { name: 'Regenerate' }).click()
  await chat.waitForIdle()
  await expect(chat.replies()).toHaveCount(1)
  await expect(chat.lastReply()).toContainText('The edited question')
  await expect(chat.lastReply()).not.toContainText('The first question')
  await expect(chat.footer(chat.lastReply())).toContainText('stop · stop')
})

test('insert an assistant turn by hand and delete a message', async ({ page }) => {
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await chat.send('Say something')
  await chat.waitForIdle()

  await chat.lastReply().getByRole('button', { name: 'Insert turn' }).click()
  await page.getByRole('combobox', { name: 'Turn role' }).selectOption({ label: 'Assistant' })
  await page.getByRole('textbox', { name: 'Turn text' }).fill('A turn written by hand.')
  await page.getByRole('button', { name: 'Insert', exact: true }).click()
  await expect(chat.replies()).toHaveCount(2)
  await expect(chat.replies().nth(1)).toContainText('A turn written by hand.')

  await chat.replies().nth(1).getByRole('button', { name: 'Delete' }).click()
  await expect(chat.replies()).toHaveCount(1)
})

test('an image goes to the vision model; the text model refuses it with an explanation', async ({ page }) => {
  const chat = new ChatPage(page)
  const catalog = new CatalogPage(page)
  await chat.open(app.url)

  await catalog.useModel(TEXT_MODEL)
  const attach = page.getByRole('button', { name: 'Attach image' })
  await expect(attach).toBeDisabled()
  await expect(page.getByText(`${TEXT_MODEL} is text-only`)).toBeVisible()

  await catalog.useModel(VISION_MODEL)
  await expect(attach).toBeEnabled()
  await expect(page.getByText(/is text-only/)).toHaveCount(0)
  const chooser = page.waitForEvent('filechooser')
  await attach.click()
  await (await chooser).setFiles({ name: 'dot.png', mimeType: 'image/png', buffer: TINY_PNG })
  await expect(page.getByRole('list', { name: 'Attached images' }).getByRole('img')).toHaveCount(1)

  await chat.send('What is in this image?')
  await chat.waitForIdle()
  await expect(chat.userMessages().last().getByRole('img')).toHaveCount(1)
  await expect(chat.lastReply()).toContainText('You attached 1 image (image/png)')
  await expect(page.getByRole('list', { name: 'Attached images' })).toHaveCount(0)
})

test('the inspector shows the request, the raw events on a timeline and the assembled result', async ({
  page,
}) => {
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await chat.send('Inspect me')
  await chat.waitForIdle()
  await chat.lastReply().getByRole('button', { name: 'Inspect' }).click()
  await expect(page.getByRole('tab', { name: 'Inspector' })).toHaveAttribute('aria-selected', 'true')

  const panel = page.getByRole('complementary', { name: 'Side panel' })
  await expect(panel).toContainText('POST')
  await expect(panel).toContainText('/chat/completions')
  await expect(panel.getByRole('table', { name: 'Request headers' })).toContainText('[redacted]')
  await expect(panel.getByLabel('Request body')).toContainText('"Inspect me"')
  await expect(panel).toContainText('Response 200')
  await expect(panel.getByRole('list', { name: 'Raw events' }).getByRole('listitem').first()).toContainText(
    /\+\d+ ms/,
  )
  await expect(panel.getByRole('list', { name: 'Raw events' }).getByRole('listitem').last()).toContainText(
    '[DONE]',
  )
  await expect(panel.getByLabel('Assembled result')).toContainText('"unified": "stop"')

  await chat.screenshots('inspector')
})

test('screenshots of the chat: empty, then a reply with the system prompt folded to one line', async ({
  page,
}) => {
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await chat.screenshots('empty')

  await page.getByRole('textbox', { name: 'System prompt' }).fill('You answer in markdown, briefly.')
  await page.getByRole('button', { name: 'Fold the system prompt' }).click()
  await expect(page.getByRole('textbox', { name: 'System prompt' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'System: You answer in markdown, briefly.' })).toBeVisible()
  await chat.send('Show me a list, a table and some code in markdown')
  await chat.waitForIdle()
  await chat.screenshots('single')

  // The folded prompt still went out with the request.
  await chat.lastReply().getByRole('button', { name: 'Inspect' }).click()
  await expect(page.getByLabel('Request body')).toContainText('You answer in markdown, briefly.')

  await page.getByRole('button', { name: 'Unfold the system prompt' }).click()
  await expect(page.getByRole('textbox', { name: 'System prompt' })).toHaveValue(
    'You answer in markdown, briefly.',
  )
})
