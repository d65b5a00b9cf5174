import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import type { Conversation } from '@shared/history/conversation'
import { startApp, type AppProcess } from './support/app-process'
import { CatalogPage } from './support/pages/catalog'
import { ChatPage, SCREENSHOT_DIR, TEXT_MODEL, TINY_PNG, VISION_MODEL } from './support/pages/chat'
import { HistoryPage } from './support/pages/history'
import { ParamsPage } from './support/pages/params'
import { SettingsPage } from './support/pages/settings'

/**
 * Daily use, round two (issue 28): each defect a new user met in an afternoon, as they met it, in
 * browser mode. History cards of closed conversations, grader names in the workbench, the images
 * question asked once, the max-tokens slider, points as people read them, an edit that resends, and
 * the side panel (its width, the inspector's event rows, the Code tab's label and notes).
 */

let app: AppProcess
test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

test.beforeAll(async () => {
  app = await startApp({ gatewayConfig: { simulator: { ttftMs: 0, tokensPerSecond: 5000 } } })
})
test.afterAll(async () => {
  await app?.stop()
})

/** Runs the workbench's draft and waits for the run to finish and be saved. */
async function runWorkbench(page: Page): Promise<void> {
  const before = await page.getByRole('combobox', { name: 'Open saved run' }).locator('option').count()
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(page.locator('.wb-run-status')).toHaveAttribute('data-status', 'finished', { timeout: 30_000 })
  await expect(page.getByRole('combobox', { name: 'Open saved run' }).locator('option')).toHaveCount(
    before + 1,
  )
}

async function sendAndWait(chat: ChatPage, text: string): Promise<void> {
  await chat.send(text)
  await chat.waitForIdle()
}

test('1: the card of a closed conversation tells its messages and the model it uses now', async ({
  page,
}) => {
  const chat = new ChatPage(page)
  const history = new HistoryPage(page)
  await chat.open(app.url)
  await chat.selectModel(1, VISION_MODEL)
  await sendAndWait(chat, 'Card turn one')
  await sendAndWait(chat, 'Card turn two')
  await chat.selectModel(1, TEXT_MODEL)
  await sendAndWait(chat, 'Card turn three')

  // Two other conversations opened after it (main keeps the latest two in memory).
  await history.open()
  for (const other of ['Second conversation', 'Third conversation']) {
    await page.getByRole('button', { name: 'New conversation' }).click()
    await sendAndWait(chat, other)
  }
  const card = history.list().getByRole('listitem').filter({ hasText: 'Card turn one' })
  await expect(card).toContainText('6 messages')
  await expect(card).toContainText(TEXT_MODEL)
  await expect(card).not.toContainText(VISION_MODEL)
})

test('2: a failed workbench cell names the grader that failed, in its hover and in the diff', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await new ChatPage(page).open(app.url)
  await page.getByRole('button', { name: 'Workbench' }).click()
  await page.getByRole('textbox', { name: 'Set name' }).fill('graders named')
  await page.getByRole('textbox', { name: 'User message' }).fill('Tell me about {{city}}.')
  await page.getByLabel('Import cases file').setInputFiles({
    name: 'cities.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('city,expect.contains\nRome,Paris\n'),
  })
  await expect(page.getByRole('heading', { name: 'Cases (1)' })).toBeVisible()
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(page.locator('.wb-run-status')).toHaveAttribute('data-status', 'finished', { timeout: 30_000 })

  const failed = page.locator('[data-verdict=fail]')
  await expect(failed.first()).toHaveAttribute('title', /^✗ contains "Paris": not found in the output/)
  await failed.nth(0).click()
  await failed.nth(1).click()
  await expect(page.getByRole('region', { name: 'Cell diff' }).locator('.wb-fail-text').first()).toHaveText(
    /^✗ contains "Paris": not found in the output/,
  )
})

test('4: "send without the images" is asked once, not again on every later message', async ({ page }) => {
  const chat = new ChatPage(page)
  const catalog = new CatalogPage(page)
  await chat.open(app.url)
  await catalog.useModel(VISION_MODEL)
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Attach image' }).click()
  await (await chooser).setFiles({ name: 'dot.png', mimeType: 'image/png', buffer: TINY_PNG })
  await sendAndWait(chat, 'What is in this image?')

  await catalog.useModel(TEXT_MODEL)
  await chat.send('And in words only?')
  await page.getByRole('alertdialog').getByRole('button', { name: 'Send without the images' }).click()
  await chat.waitForIdle()
  await expect(chat.replies()).toHaveCount(2)

  await chat.send('And once more?')
  await chat.waitForIdle()
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  // Answered (the transcript renders only the rows in view, so replies are not counted here).
  await expect(chat.lastReply()).toContainText('And once more?')
  await expect(chat.lastReply().locator('.reply-error')).toHaveCount(0)
})

test('6: everyday max-tokens values sit across the slider, not all at its left edge', async ({ page }) => {
  const params = new ParamsPage(page)
  await new ChatPage(page).open(app.url)
  await params.openParameters()
  const slider = page.getByRole('slider', { name: 'Max tokens' })
  const number = page.getByRole('spinbutton', { name: 'Max tokens value' })
  const fraction = async (): Promise<number> => {
    const [value, min, max] = await slider.evaluate((input) => {
      const range = input as unknown as { value: string; min: string; max: string }
      return [range.value, range.min, range.max].map(Number)
    })
    return (value! - min!) / (max! - min!)
  }
  const at: number[] = []
  for (const tokens of ['40', '400', '1024']) {
    await number.fill(tokens)
    await expect(number).toHaveValue(tokens)
    at.push(await fraction())
  }
  expect(at[0]).toBeGreaterThan(0.2)
  expect(at[1]! - at[0]!).toBeGreaterThan(0.1)
  expect(at[2]! - at[1]!).toBeGreaterThan(0.05)
  expect(at[2]).toBeLessThan(0.8)
  // The slider's position is not a token count: it tells screen readers the count it stands for.
  await expect(slider).toHaveAttribute('aria-valuetext', '1,024')
})

test('7: points read rounded alike on the card and under a reply, the exact value one click away', async ({
  page,
}) => {
  const chat = new ChatPage(page)
  await chat.open(app.url)
  const output = new CatalogPage(page).card(TEXT_MODEL).getByRole('row', { name: /Output/ })
  await expect(output.getByRole('cell')).toHaveText('0.470 pts / 1M tokens')
  await output.getByRole('button').click()
  await expect(output.getByRole('cell')).toHaveText('0.46999999999999995 pts / 1M tokens')

  await sendAndWait(chat, 'How many points does this take?')
  const points = chat.footer(chat.lastReply()).getByRole('button', { name: / pts, exact / })
  // Three significant digits, never an exponent or float noise.
  await expect(points).toHaveText(/^(0\.0*[1-9]\d\d|[1-9]\.\d\d|[1-9]\d\.\d) pts$/)
  const exact = /exact (\S+)$/.exec((await points.getAttribute('aria-label')) ?? '')?.[1]
  await points.click()
  await expect(points).toHaveText(`${exact} pts`)
})

test('9: an edited message is sent again in every pane; "Save only" marks the replies below as stale', async ({
  page,
}) => {
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await chat.setCompare('Models side by side')
  await sendAndWait(chat, 'The first question')
  await sendAndWait(chat, 'A second question')

  // The first turn is scrolled back to, as a user would: rows out of view are not in the page.
  await chat.scrollToTop(1)
  await chat
    .userMessages(1)
    .filter({ hasText: 'The first question' })
    .getByRole('button', { name: 'Edit' })
    .click()
  await chat.pane(1).getByRole('textbox', { name: 'Edit message' }).fill('The edited question')
  await chat.pane(1).getByRole('button', { name: 'Save and resend' }).click()
  await chat.waitForIdle()
  // What followed the edited turn answered the old text: it goes, in both panes, and a new reply
  // answers the new text.
  for (const index of [1, 2]) {
    await expect(chat.userMessages(index)).toHaveCount(1)
    await expect(chat.userMessages(index)).toContainText('The edited question')
    await expect(chat.replies(index)).toHaveCount(1)
    await expect(chat.lastReply(index)).toContainText('The edited question')
    await expect(chat.pane(index)).not.toContainText('The first question')
    await expect(chat.pane(index)).not.toContainText('A second question')
  }

  await chat.scrollToTop(1)
  await chat.userMessages(1).getByRole('button', { name: 'Edit' }).click()
  await chat.pane(1).getByRole('textbox', { name: 'Edit message' }).fill('Edited once more')
  await chat.pane(1).getByRole('button', { name: 'Save only' }).click()
  for (const index of [1, 2]) {
    await expect(chat.userMessages(index)).toContainText('Edited once more')
    await expect(chat.lastReply(index).getByRole('note')).toContainText('Stale')
  }
  await chat.lastReply(1).getByRole('note').getByRole('button', { name: 'Regenerate' }).click()
  await chat.waitForIdle()
  await expect(chat.lastReply(1)).toContainText('Edited once more')
  await expect(chat.lastReply(1).getByRole('note')).toHaveCount(0)
  // The other pane's reply still answers the earlier text until it is regenerated too.
  await expect(chat.lastReply(2).getByRole('note')).toContainText('Stale')
})

async function sidePanelWidth(page: Page): Promise<number> {
  return (await page.getByRole('complementary', { name: 'Side panel' }).boundingBox())?.width ?? 0
}

test('10: the side panel is resized by its edge and keeps its width; events show their delta; Code explains itself', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const chat = new ChatPage(page)
  const params = new ParamsPage(page)
  await chat.open(app.url)

  // "Code (next)" on one line, as high as its neighbours.
  const tabHeight = async (name: string) =>
    (await page.getByRole('tab', { name, exact: true }).boundingBox())?.height ?? 0
  expect(await tabHeight('Code (next)')).toBe(await tabHeight('Parameters'))

  const before = await sidePanelWidth(page)
  const handle = page.getByRole('separator', { name: 'Resize side panel' })
  const box = (await handle.boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + 200)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width / 2 - 200, box.y + 200, { steps: 5 })
  await page.mouse.up()
  expect(await sidePanelWidth(page)).toBeGreaterThan(before + 150)
  const dragged = await sidePanelWidth(page)
  await page.reload()
  await expect(chat.message()).toBeVisible()
  expect(await sidePanelWidth(page)).toBe(dragged)

  // Event rows say what they carry, not the id every chunk starts with.
  await sendAndWait(chat, 'Inspect my events')
  await chat.lastReply().getByRole('button', { name: 'Inspect' }).click()
  const events = page.getByRole('list', { name: 'Raw events' })
  await expect(events.getByRole('listitem').first()).toBeVisible()
  await expect(events).not.toContainText('{"id":"chatcmpl')
  await expect(events).toContainText('finish stop')

  // The draft is empty: the next request ends with the reply, and the Code tab says so.
  await page.getByRole('tab', { name: 'Code (next)' }).click()
  await expect(page.getByRole('tabpanel', { name: 'Code (next)' }).getByRole('note')).toContainText(
    'ends with the last reply',
  )

  // Anthropic TypeScript: the spread of a parameter the SDK does not type is explained.
  await params.selectDialect(1, 'anthropic-messages')
  await params.openParameters()
  await page.getByRole('spinbutton', { name: 'Temperature value' }).fill('0.2')
  await page.getByRole('tab', { name: 'Code (next)' }).click()
  await page.getByRole('tab', { name: /^TypeScript/ }).click()
  const code = page.getByLabel('TypeScript code', { exact: true })
  await expect(code).toContainText('...{ temperature: 0.2 },')
  await expect(code).toContainText("// Spread: the SDK's types no longer list this parameter")
})

test('copy on every message, and a conversation exported as Markdown', async ({ page }) => {
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await sendAndWait(chat, 'Copy me, please')
  const readClipboard = () => page.evaluate<string>('navigator.clipboard.readText()')
  await chat.userMessages().first().getByRole('button', { name: 'Copy message' }).click()
  expect(await readClipboard()).toBe('Copy me, please')
  await chat.lastReply().getByRole('button', { name: 'Copy message' }).click()
  const replyText = await readClipboard()
  expect(replyText).toContain('Copy me, please')

  const history = new HistoryPage(page)
  await history.open()
  const item = history.list().getByRole('listitem').filter({ hasText: 'Copy me, please' })
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    item.getByRole('button', { name: 'Markdown' }).click(),
  ])
  expect(download.suggestedFilename()).toBe('copy-me-please.md')
  const markdown = readFileSync(await download.path(), 'utf8')
  expect(markdown).toMatch(/^# Copy me, please\n/)
  expect(markdown).toContain('## User\n\nCopy me, please\n')
  expect(markdown).toContain(replyText)
})

test('11: the same file imported twice is one entry, and New conversation is there from any tab', async ({
  page,
}) => {
  const chat = new ChatPage(page)
  const history = new HistoryPage(page)
  await chat.open(app.url)
  const conversation: Conversation = {
    version: 1,
    id: 'from-elsewhere',
    title: 'Imported twice',
    createdAt: 1,
    updatedAt: 1,
    system: '',
    params: { stop: [], stream: true },
    panes: [
      {
        id: 'pane-1',
        dialect: 'openai-chat',
        model: TEXT_MODEL,
        messages: [{ id: 'm1', role: 'user', content: [{ type: 'text', text: 'Hello twice' }] }],
      },
    ],
  }
  const file = { name: 'twice.json', json: JSON.stringify(conversation) }
  await history.open()
  await history.importFile(file)
  await expect(history.item('Imported twice')).toHaveCount(1)
  await history.importFile(file)
  await expect(page.getByRole('status').filter({ hasText: 'was imported before' })).toBeVisible()
  await expect(history.item('Imported twice')).toHaveCount(1)

  // From the Models tab, without going to History.
  await page.getByRole('tab', { name: 'Models' }).click()
  await page.getByRole('button', { name: 'New conversation' }).click()
  await expect(chat.userMessages()).toHaveCount(0)
})

test('shortcuts: ? lists at least eight; Alt+N, Alt+R, Alt+] and / do what they say', async ({ page }) => {
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await sendAndWait(chat, 'Shortcut me')

  await page.locator('body').click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('?')
  const list = page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByRole('table')
  expect(await list.getByRole('row').count()).toBeGreaterThanOrEqual(8)
  for (const action of ['New conversation', 'Regenerate', 'Switch model']) {
    await expect(list).toContainText(action)
  }
  await page.keyboard.press('Escape')

  const firstReply = (await chat.replyText(chat.lastReply()).textContent()) ?? ''
  await page.keyboard.press('Alt+KeyR')
  await chat.waitForIdle()
  await expect(chat.replies()).toHaveCount(1)
  await expect(chat.lastReply()).toContainText('Shortcut me')
  expect(firstReply).not.toBe('')

  const model = chat.pane(1).getByRole('combobox', { name: 'Model' })
  const before = await model.inputValue()
  await page.keyboard.press('Alt+BracketRight')
  await expect(model).not.toHaveValue(before)
  await page.keyboard.press('Alt+BracketLeft')
  await expect(model).toHaveValue(before)
  await page.keyboard.press('Alt+KeyM')
  await expect(model).toBeFocused()

  await page.locator('body').click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('/')
  await expect(chat.message()).toBeFocused()
  await expect(chat.message()).toHaveValue('')

  await page.keyboard.press('Alt+KeyN')
  await expect(chat.userMessages()).toHaveCount(0)
})

test('11: an empty tool result is said before it goes; a new profile takes its key in the same form', async ({
  page,
}) => {
  const chat = new ChatPage(page)
  const params = new ParamsPage(page)
  await chat.open(app.url)
  await chat.selectModel(1, TEXT_MODEL)
  await params.insertExampleTool()
  await params.setToolChoice('get_weather')
  await chat.send('What is the weather in Paris?')
  await chat.waitForIdle()
  await params.setToolChoice('auto')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'No result typed for get_weather' })).toBeVisible()
  await expect(chat.replies()).toHaveCount(1)
  await page.getByRole('button', { name: 'Continue with empty result' }).click()
  await chat.waitForIdle()
  await expect(chat.replies()).toHaveCount(2)

  const settings = new SettingsPage(page)
  await settings.open()
  await settings.dialog().getByRole('button', { name: 'Add profile' }).click()
  const form = settings.dialog().getByRole('form', { name: 'New profile' })
  await form.getByLabel('Name').fill('With key')
  await form.getByLabel('Base URL').fill('https://with-key.example.com/v1')
  await form.getByLabel('Catalog source').selectOption('bundled')
  const key = form.getByLabel('API key (optional)')
  await expect(key).toHaveAttribute('type', 'password')
  await key.fill('sk-with-key-0123456789')
  await form.getByRole('button', { name: 'Add profile' }).click()
  await expect(form).toBeHidden()
  await expect(settings.keyStatus('With key')).toContainText('•••• 6789')
})

test('5: "New set" starts clean; a run of another set is not compared with the first; the description is kept', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await new ChatPage(page).open(app.url)
  await page.getByRole('button', { name: 'Workbench' }).click()
  await page.getByRole('textbox', { name: 'Set name' }).fill('set A')
  await page.getByRole('textbox', { name: 'User message' }).fill('Tell me about {{city}}.')
  await page.getByLabel('Import cases file').setInputFiles({
    name: 'a.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('city,expect.contains\nOslo,Oslo\n'),
  })
  await page.getByRole('combobox', { name: 'Grader kind' }).selectOption('finish-reason')
  await page.getByRole('textbox', { name: 'Grader argument' }).fill('stop')
  await page.getByRole('button', { name: 'Add grader' }).click()
  await runWorkbench(page)
  await runWorkbench(page)
  await page.getByRole('combobox', { name: 'Compare with run' }).selectOption({ index: 1 })
  await expect(page.getByLabel('Comparison with the previous run')).toContainText('0 regressions')

  await page.getByRole('button', { name: 'New set' }).click()
  await expect(page.getByRole('textbox', { name: 'User message' })).toHaveValue('')
  await expect(page.getByRole('region', { name: 'Set graders' }).getByRole('listitem')).toHaveCount(0)
  await expect(page.getByRole('grid', { name: 'Results grid' })).toHaveCount(0)
  await expect(page.getByLabel('Comparison with the previous run')).toHaveCount(0)

  await page.getByRole('textbox', { name: 'Set name' }).fill('set B')
  await page.getByRole('textbox', { name: 'User message' }).fill('Say {{word}}.')
  await page.getByLabel('Import cases file').setInputFiles({
    name: 'b.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('word,expect.contains\nhello,hello\n'),
  })
  await runWorkbench(page)
  await expect(page.getByLabel('Comparison with the previous run')).toHaveCount(0)
  // Chosen by hand, a run of set A says there is nothing to compare (not "0 regressions" in red).
  const runs = page.getByRole('combobox', { name: 'Compare with run' })
  const setARun = await runs.locator('option', { hasText: 'set A' }).first().getAttribute('value')
  await runs.selectOption(setARun ?? '')
  await expect(page.getByLabel('Comparison with the previous run')).toContainText('Nothing to compare')

  await page.getByLabel('Open set file').setInputFiles({
    name: 'described.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      JSON.stringify({
        format: 'model-gateway-test-set',
        version: 1,
        name: 'described',
        description: 'Why this set exists',
        cases: [{ id: 'one', vars: {} }],
      }),
    ),
  })
  await expect(page.getByRole('textbox', { name: 'Set name' })).toHaveValue('described')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download set file' }).click(),
  ])
  expect(readFileSync(await download.path(), 'utf8')).toContain('description: Why this set exists')
})

test('8: the workbench at 1280×800: the diff in view, case ids on one line, no empty area under "Failed only"', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  await new ChatPage(page).open(app.url)
  await page.getByRole('button', { name: 'Workbench' }).click()
  const cities = ['Oslo', 'Lima', 'Kyoto', 'Rome', 'Cairo']
  await page.getByLabel('Open set file').setInputFiles({
    name: 'layout.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      JSON.stringify({
        format: 'model-gateway-test-set',
        version: 1,
        name: 'layout',
        prompt: { messages: [{ role: 'user', content: 'Tell me about {{city}}.' }] },
        cases: cities.map((city, index) => ({
          id: `case-with-a-long-identifier-${index}`,
          vars: { city },
          graders: [{ type: 'contains', value: city === 'Rome' ? 'Paris' : city }],
        })),
      }),
    ),
  })
  await expect(page.getByRole('textbox', { name: 'Set name' })).toHaveValue('layout')
  await runWorkbench(page)
  const grid = page.getByRole('grid', { name: 'Results grid' })

  // Case ids on one line, in the grid and in the cases table (the whole id on hover).
  const textHeight = (element: { textContent: string | null }) => {
    const range = document.createRange()
    range.selectNodeContents(element as unknown as Node)
    return range.getBoundingClientRect().height
  }
  expect(await grid.getByRole('rowheader').first().evaluate(textHeight)).toBeLessThan(24)
  const idCell = page
    .getByRole('table', { name: 'Cases' })
    .getByTitle('case-with-a-long-identifier-0', { exact: true })
  expect(await idCell.evaluate(textHeight)).toBeLessThan(24)
  await expect(idCell).toHaveAttribute('title', 'case-with-a-long-identifier-0')

  const failed = page.locator('[data-verdict=fail]')
  await failed.nth(0).click()
  await page.locator('[data-verdict=pass]').first().click()
  await expect(page.getByRole('region', { name: 'Cell diff' })).toBeInViewport()
  // Looked at by hand: the grid's previews are cut to one line on purpose, which the chat screens'
  // layout check would count as a problem.
  for (const theme of ['Light', 'Dark'] as const) {
    await new ChatPage(page).setTheme(theme)
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `workbench-diff-${theme.toLowerCase()}-1280x800.png`),
    })
  }

  await page.getByRole('checkbox', { name: 'Failed only' }).check()
  await expect(grid.getByRole('row')).toHaveCount(1)
  expect((await grid.boundingBox())?.height ?? 0).toBeLessThan(120)
})

test('compare: the differences list total time and points; the replies diffed word by word', async ({
  page,
}) => {
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await chat.setCompare('Models side by side')
  await sendAndWait(chat, 'Compare our words')
  const summary = page.getByRole('region', { name: 'Compare summary' })
  await expect(summary.getByRole('row', { name: /^Total time/ }).getByRole('cell')).toHaveCount(2)
  await expect(summary.getByRole('row', { name: /^Points/ })).toContainText(/\d pts/)
  await summary.getByText('Word diff of the replies').click()
  const diff = summary.getByLabel('Word diff')
  await expect(diff).toContainText('Compare our words')
  // The two models answer differently: some words of each are marked.
  await expect(diff.locator('del')).not.toHaveCount(0)
  await expect(diff.locator('ins')).not.toHaveCount(0)
})

test('a reply becomes a workbench case that passes; the prompt goes back to the chat', async ({ page }) => {
  test.setTimeout(90_000)
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await chat.selectModel(1, TEXT_MODEL)
  await sendAndWait(chat, 'Make me a test case')
  await chat.lastReply().getByRole('button', { name: 'Add to test set' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Added case chat-1' })).toBeVisible()

  await page.getByRole('button', { name: 'Workbench' }).click()
  await expect(page.getByRole('textbox', { name: 'User message' })).toHaveValue('Make me a test case')
  await expect(page.getByRole('heading', { name: 'Cases (1)' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Graders of chat-1' })).toHaveValue(/^(equals|contains): /)
  // Only the target the reply came from: the simulator answers each model and dialect in its own words.
  const targets = page.getByRole('table', { name: 'Target list' }).getByRole('row')
  for (let index = (await targets.count()) - 1; index >= 0; index--) {
    const text = (await targets.nth(index).textContent()) ?? ''
    if (!(text.includes(TEXT_MODEL) && text.includes('openai-chat'))) {
      await targets
        .nth(index)
        .getByRole('button', { name: /^Remove target/ })
        .click()
    }
  }
  await expect(targets).toHaveCount(1)
  await runWorkbench(page)
  await expect(page.locator('[data-verdict]')).toHaveAttribute('data-verdict', 'pass')

  await page.getByRole('textbox', { name: 'User message' }).fill('A prompt edited in the workbench')
  await page.getByRole('button', { name: 'To chat' }).click()
  await expect(chat.message()).toHaveValue('A prompt edited in the workbench')
})

test('3: compare with up to four panes, any mix of model and dialect; one removed; screenshots', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const chat = new ChatPage(page)
  const params = new ParamsPage(page)
  await chat.open(app.url)
  await chat.setCompare('Models side by side')
  const add = page.getByRole('button', { name: '+ Add pane' })
  await add.click()
  await add.click()
  await expect(chat.pane(4)).toBeVisible()
  await expect(add).toBeDisabled()
  await params.selectDialect(3, 'anthropic-messages')
  await chat.selectModel(4, VISION_MODEL)
  await params.selectDialect(4, 'anthropic-messages')
  await sendAndWait(chat, 'Four ways to say hello')
  for (const index of [1, 2, 3, 4]) await expect(chat.replies(index)).toHaveCount(1)
  const summary = page.getByRole('region', { name: 'Compare summary' })
  await expect(summary.getByRole('columnheader', { name: /^Pane \d/ })).toHaveCount(4)
  await expect(summary.getByRole('row', { name: /^Points/ }).getByRole('cell')).toHaveCount(4)
  // The room four panes want at 1280×800: both side regions folded to their rails.
  await page.getByRole('button', { name: 'Hide sidebar' }).click()
  await page.getByRole('button', { name: 'Hide side panel' }).click()
  await chat.screenshots('compare-4-panes')

  await chat.pane(4).getByRole('button', { name: 'Remove pane' }).click()
  await chat.pane(4).getByRole('button', { name: 'Remove', exact: true }).click()
  await expect(chat.pane(4)).toHaveCount(0)
  // Saved as it is: opened again from the history, three panes with their replies.
  await page.getByRole('button', { name: 'New conversation' }).click()
  await expect(chat.pane(2)).toHaveCount(0)
  await page.getByRole('button', { name: 'Show sidebar' }).click()
  const history = new HistoryPage(page)
  await history.open()
  await history.item('Four ways to say hello').getByRole('button', { name: 'Open' }).click()
  await expect(chat.pane(3)).toBeVisible()
  await expect(chat.replies(3)).toHaveCount(1)
})

test('blind compare: labels hidden until the vote, the vote kept and counted; screenshots', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await chat.setCompare('Models side by side')
  await page.getByRole('checkbox', { name: 'Blind' }).check()
  await sendAndWait(chat, 'Who said this?')
  await expect(chat.pane(1).getByRole('combobox', { name: 'Model' })).toHaveCount(0)
  await expect(chat.pane(1)).toContainText('Hidden until you vote')
  await expect(chat.lastReply(1)).not.toContainText(/Assistant · /)
  // Nothing else on screen says which pane is which: not the figures under a reply (points are a
  // model's price, finish words a dialect's), not the context meter, not the side panel or the cards.
  await expect(chat.lastReply(1)).not.toContainText('pts')
  await expect(chat.lastReply(1)).not.toContainText(/\bstop\b|end_turn/)
  await expect(page.getByRole('status', { name: 'Context used' })).not.toContainText('/')
  const side = page.getByRole('complementary', { name: 'Side panel' })
  for (const tab of ['Parameters', 'Code (next)', 'Inspector']) {
    await side.getByRole('tab', { name: tab }).click()
    await expect(side).toContainText('Hidden until you vote')
    for (const model of [TEXT_MODEL, VISION_MODEL]) await expect(side).not.toContainText(model)
  }
  await side.getByRole('tab', { name: 'Parameters' }).click()
  await new CatalogPage(page).open()
  await expect(page.getByRole('article', { name: TEXT_MODEL, exact: true })).toBeVisible()
  await expect(page.getByText('In the focused pane')).toHaveCount(0)
  const ballot = page.getByRole('group', { name: 'Which reply is best?' })
  await chat.screenshots('blind-vote')
  await ballot.getByRole('button', { name: 'Pane 2' }).click()
  await expect(chat.pane(1).getByRole('combobox', { name: 'Model' })).toBeVisible()
  await expect(side).not.toContainText('Hidden until you vote')
  await expect(chat.lastReply(1)).toContainText('pts')
  await expect(page.getByRole('region', { name: 'Blind vote' })).toContainText('Voted')

  await page.getByText('Scoreboard (1 votes)').click()
  const board = page.getByRole('table', { name: 'Scoreboard' })
  const winner = await chat.pane(2).getByRole('combobox', { name: 'Model' }).inputValue()
  await expect(board.getByRole('row').filter({ hasText: winner }).getByRole('cell')).toHaveText([
    '1',
    '0',
    '1',
  ])

  // Kept with the conversation: opened again, the vote is still counted, and a new turn hides again.
  await page.getByRole('button', { name: 'New conversation' }).click()
  await expect(page.getByText('Scoreboard (1 votes)')).toHaveCount(0)
  const history = new HistoryPage(page)
  await history.open()
  await history.item('Who said this?').getByRole('button', { name: 'Open' }).click()
  await expect(page.getByText('Scoreboard (1 votes)')).toBeVisible()
  await sendAndWait(chat, 'And this one?')
  await expect(chat.pane(1)).toContainText('Hidden until you vote')
})
