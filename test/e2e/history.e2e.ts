import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import type { Conversation } from '@shared/history/conversation'
import { startApp, type AppProcess } from './support/app-process'
import { hostInvoke } from './support/host-api'
import { HistoryPage } from './support/pages/history'

/**
 * Saved conversations as a user keeps them: imported from a file, renamed, still there (with their
 * messages) after the host is stopped and started again on the same user data folder, exported,
 * deleted; a file that is not a conversation is refused with main's reason.
 */

const QUESTION = 'What is the capital of France?'
const ANSWER = 'Paris is the capital of France.'

/** A conversation file as the app exports it. */
function conversationFile(title: string): { name: string; json: string } {
  const now = Date.now()
  const conversation: Conversation = {
    version: 1,
    id: 'exported-elsewhere-1',
    title,
    createdAt: now - 60_000,
    updatedAt: now - 60_000,
    system: '',
    params: { stop: [], stream: true, maxTokens: 256 },
    panes: [
      {
        id: 'pane-a1b2c3d4',
        dialect: 'openai-chat',
        model: 'vendorb3.8-Flash-Next',
        messages: [
          { id: 'm1', role: 'user', content: [{ type: 'text', text: QUESTION }] },
          { id: 'm2', role: 'assistant', content: [{ type: 'text', text: ANSWER }] },
        ],
      },
    ],
  }
  return { name: 'capital.json', json: JSON.stringify(conversation, null, 2) }
}

async function expectMessagesShown(page: Page): Promise<void> {
  const pane = page.getByRole('region', { name: 'Pane 1' })
  await expect(pane.getByRole('article', { name: 'User message' })).toContainText(QUESTION)
  await expect(pane.getByRole('article', { name: 'Assistant reply' })).toContainText(ANSWER)
}

test('a conversation survives a restart of the host and opens with its messages', async ({ browser }) => {
  const first = await startApp()
  let second: AppProcess | undefined
  try {
    const page = await browser.newPage()
    await page.goto(first.url)
    const history = new HistoryPage(page)
    await history.open()
    await expect(page.getByText(/No saved conversations yet/)).toBeVisible()

    await history.importFile(conversationFile('Capital question'))
    await expect(history.item('Capital question')).toHaveAttribute('aria-current', 'true')
    await expect(history.item('Capital question')).toContainText('2 messages')
    await expect(history.item('Capital question')).toContainText('vendorb3.8-Flash-Next')
    await expectMessagesShown(page)
    await history.rename('Capital question', 'Capitals of Europe')
    await page.close()
    await first.stop()

    second = await startApp({ userDataDir: first.userDataDir })
    const again = await browser.newPage()
    await again.goto(second.url)
    const historyAgain = new HistoryPage(again)
    await historyAgain.open()
    const item = historyAgain.item('Capitals of Europe')
    await expect(item).toBeVisible()
    await expect(item).not.toHaveAttribute('aria-current', 'true')
    await item.getByRole('button', { name: 'Open' }).click()
    await expect(item).toHaveAttribute('aria-current', 'true')
    await expectMessagesShown(again)
    await again.close()
  } finally {
    await first.stop()
    await second?.stop()
  }
})

test.describe('one host', () => {
  let app: AppProcess
  test.beforeAll(async () => {
    app = await startApp()
  })
  test.afterAll(async () => {
    await app?.stop()
  })

  test("export saves main's JSON; delete asks first", async ({ page }) => {
    await page.goto(app.url)
    const history = new HistoryPage(page)
    await history.open()
    await history.importFile(conversationFile('To export'))
    const item = history.item('To export')
    await expect(item).toBeVisible()

    const download = page.waitForEvent('download')
    await item.getByRole('button', { name: 'Export' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe('to-export.json')
    const exported = JSON.parse(readFileSync(await file.path(), 'utf8')) as Conversation
    const [summary] = await hostInvoke(app, 'history:list', undefined)
    expect(exported.id).toBe(summary?.id)
    expect(exported.title).toBe('To export')
    expect(exported.panes[0]?.messages.map((message) => message.role)).toEqual(['user', 'assistant'])

    await item.getByRole('button', { name: 'Delete' }).click()
    await item.getByRole('button', { name: 'Cancel' }).click()
    await expect(item).toBeVisible()
    await history.remove('To export')
    expect(await hostInvoke(app, 'history:list', undefined)).toEqual([])
    // The deleted conversation was the open one: a new, empty one took its place.
    await expect(page.getByRole('region', { name: 'Pane 1' }).getByRole('article')).toHaveCount(0)
  })

  test("a file that is not a conversation is refused with main's reason", async ({ page }) => {
    await page.goto(app.url)
    const history = new HistoryPage(page)
    await history.open()
    await history.importFile({ name: 'notes.json', json: '{"hello": "world"}' })
    await expect(page.locator('.history-panel').getByRole('alert')).toContainText(
      'Could not import notes.json: The file is not a conversation exported by this app',
    )
    await history.importFile({ name: 'broken.json', json: '{"version": 1,' })
    await expect(page.locator('.history-panel').getByRole('alert')).toContainText(
      'Could not import broken.json: The file is not JSON',
    )
  })
})
