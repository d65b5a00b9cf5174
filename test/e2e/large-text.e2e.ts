import { expect, test, type Page } from '@playwright/test'
import { startApp, type AppProcess } from './support/app-process'
import { ChatPage } from './support/pages/chat'
import { ParamsPage } from './support/pages/params'
import { runCurlInBash } from './support/run-in-bash'

/**
 * A 2 MB paste: it becomes a collapsed "pasted text" block (in the composer and in the transcript)
 * instead of a 2 MB textarea value, and the Code tab's over-128-KiB warning offers the body-from-stdin
 * form, which runs with bash against the local gateway (200) where the one-argument form cannot.
 */

let app: AppProcess

test.beforeAll(async () => {
  app = await startApp()
})
test.afterAll(async () => {
  await app?.stop()
})

test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

/** About 2 MB of numbered lines, so the first and the last are easy to tell apart. */
const BIG = Array.from(
  { length: 40_000 },
  (_, i) => `Line ${i + 1}: the quick brown fox jumps over the lazy dog.`,
)
  .join('\n')
  .slice(0, 2_000_000)
const LAST_LINE = BIG.slice(BIG.lastIndexOf('\n') + 1)

/**
 * The box's value set by code, then the input event React listens to. (Playwright's fill types the
 * text through the browser's editing pipeline, which alone takes minutes for 2 MB.)
 */
async function setValue(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).evaluate((element, value) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set
    setter?.call(element, value)
    element.dispatchEvent(new Event('input', { bubbles: true }))
  }, text)
}

/** A paste event carrying `text`, as the browser fires for Ctrl+V (independent of the OS clipboard). */
async function pasteInto(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).evaluate((element, pasted) => {
    const data = new DataTransfer()
    data.setData('text/plain', pasted)
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    )
  }, text)
}

test('a 2 MB text, set or pasted, stays out of the message box; sent, it is collapsed in the transcript', async ({
  page,
}) => {
  expect(BIG.length).toBeGreaterThan(1_900_000)
  const chat = new ChatPage(page)
  await chat.open(app.url)

  // Set as the box's value (what a script or an extension does): all of it becomes the block.
  await setValue(page, BIG)
  await expect(chat.message()).toHaveValue('')
  const block = page.getByRole('group', { name: /^Pasted text, 1\.9\d MiB/ })
  await expect(block).toHaveCount(1)
  await expect(block).toContainText('Line 1: the quick brown fox')
  await expect(block).not.toContainText(LAST_LINE)
  await block.getByRole('button', { name: 'Remove' }).click()
  await expect(block).toHaveCount(0)

  // Pasted after typing: the typed words stay in the (small) box, the paste is a block.
  await chat.message().fill('Summarize this:')
  await pasteInto(page, BIG)
  await expect(chat.message()).toHaveValue('Summarize this:')
  await expect(block).toHaveCount(1)
  await expect(block).toContainText(`${BIG.split('\n').length.toLocaleString('en-US')} lines`)
  await block.getByRole('button', { name: 'Show all' }).click()
  await expect(block).toContainText(LAST_LINE)
  await block.getByRole('button', { name: 'Collapse' }).click()

  await chat.sendButton().click()
  await chat.waitForIdle(30_000)
  await expect(chat.lastReply().locator('.reply-error')).toHaveCount(0)
  const sent = chat.userMessages().last()
  await expect(sent).toContainText('Summarize this:')
  const inTranscript = sent.getByRole('group', { name: /^Pasted text, 1\.9\d MiB/ })
  await expect(inTranscript).toContainText('Line 1: the quick brown fox')
  await expect(inTranscript).not.toContainText(LAST_LINE)
  // Nothing on the page holds the whole text until asked.
  expect(await page.evaluate(() => document.body.textContent?.length ?? 0)).toBeLessThan(200_000)
  await inTranscript.getByRole('button', { name: 'Show all' }).click()
  await expect(inTranscript).toContainText(LAST_LINE)
})

test('over 128 KiB, the Code tab offers the body-from-stdin form, and it runs with bash: 200', async ({
  page,
}) => {
  const chat = new ChatPage(page)
  const params = new ParamsPage(page)
  await chat.open(app.url)
  await chat.message().fill('Summarize this:')
  await pasteInto(page, BIG)
  await params.openCode()
  const warning = page.getByRole('note').filter({ hasText: 'Argument list too long' })
  await expect(warning).toBeVisible()

  await warning.getByRole('button', { name: 'Copy body-from-stdin form' }).click()
  const command = await page.evaluate<string>('navigator.clipboard.readText()')
  expect(command).toContain("--data @- <<'MODEL_GATEWAY_BODY'")
  expect(command).toContain(LAST_LINE)
  const sidePanel = page.getByRole('complementary', { name: 'Side panel' })
  await sidePanel.getByRole('button', { name: 'Copy key export' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Copied. Paste it' })).toBeVisible()
  const exportLine = await page.evaluate<string>('navigator.clipboard.readText()')

  const result = await runCurlInBash(`${exportLine}\n${command}`)
  expect(result.stderr).toBe('')
  expect(result.httpStatus).toBe('200')
  // The one-argument form of the same request cannot even start curl.
  const inline = await params.curlCommand().textContent()
  const failed = await runCurlInBash(`${exportLine}\n${inline ?? ''}`)
  expect(failed.stderr).toContain('Argument list too long')
})
