import { expect, test, type Page } from '@playwright/test'
import { startApp, type AppProcess } from './support/app-process'
import { ChatPage } from './support/pages/chat'

/**
 * The composer's context meter: the conversation plus the draft against the model's context, counted
 * as the local gateway counts (so the count shown before a send is the input the reply reports), a
 * pasted text counted with the rest, and a warning, asked before sending, when it would not fit.
 */

let app: AppProcess

test.beforeAll(async () => {
  app = await startApp()
})
test.afterAll(async () => {
  await app?.stop()
})

const meter = (page: Page) => page.getByRole('status', { name: 'Context used' })

/** `12,480 / 262,144 tokens` → [12480, 262144]. */
async function meterFigures(page: Page): Promise<[number, number]> {
  const text = (await meter(page).textContent()) ?? ''
  const match = /([\d,]+) \/ ([\d,]+) tokens/.exec(text)
  if (!match) throw new Error(`no count in the meter: ${JSON.stringify(text)}`)
  return [Number(match[1]!.replaceAll(',', '')), Number(match[2]!.replaceAll(',', ''))]
}

/** A paste event carrying `text`, as the browser fires for Ctrl+V. */
async function pasteInto(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).evaluate((element, pasted) => {
    const data = new DataTransfer()
    data.setData('text/plain', pasted)
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    )
  }, text)
}

const LINES = (count: number): string =>
  Array.from({ length: count }, (_, i) => `Line ${i + 1}: the quick brown fox jumps over the lazy dog.`).join(
    '\n',
  )

test('counts the draft and a pasted text as the gateway does, and asks before a send that would not fit', async ({
  page,
}) => {
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await expect(meter(page)).toContainText(/ tokens$/)
  const [empty, context] = await meterFigures(page)
  expect(context).toBeGreaterThan(100_000)

  await chat.message().fill('What is the tallest mountain in Norway?')
  await expect.poll(async () => (await meterFigures(page))[0]).toBeGreaterThan(empty)

  // A pasted text of a few thousand lines is counted with the typed words.
  await pasteInto(page, LINES(3000))
  await expect(page.getByRole('group', { name: /^Pasted text/ })).toHaveCount(1)
  await expect.poll(async () => (await meterFigures(page))[0], { timeout: 10_000 }).toBeGreaterThan(30_000)
  const [before] = await meterFigures(page)

  // What the meter said is the input the gateway reports for the send.
  await chat.sendButton().click()
  await chat.waitForIdle()
  await expect(chat.footer(chat.lastReply())).toContainText(`in ${before.toLocaleString('en-US')} ·`)

  // A paste that does not fit: the meter and a warning say so, and Send asks first.
  await pasteInto(page, LINES(Math.ceil(context / 10)))
  const warning = page.getByRole('alert').filter({ hasText: /exceed/ })
  await expect(warning).toContainText(/context of [\d,]+ tokens/, { timeout: 20_000 })
  await chat.sendButton().click()
  await expect(warning.getByRole('button', { name: 'Send anyway' })).toBeVisible()
  await warning.getByRole('button', { name: 'Cancel' }).click()
  await expect(warning.getByRole('button', { name: 'Send anyway' })).toHaveCount(0)
  await expect(chat.replies()).toHaveCount(1)
})
