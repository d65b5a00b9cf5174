import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect, test, type Page } from '@playwright/test'
import type { DialectId } from '@shared/chat/chat-request'
import { startApp, type AppProcess } from './support/app-process'
import { ParamsPage } from './support/pages/params'
import { ChatPage } from './support/pages/chat'

/**
 * Code in SDK languages, as a user meets it in browser mode with the default (local) profile: the
 * Inspector's "Copy as TypeScript" of a reply, run with node and the real SDK against the app's own
 * local gateway (the key from the Code tab's "Copy key export"), prints the reply the app shows; the
 * Code tab's Python for the next request compiles.
 */

const execFileAsync = promisify(execFile)
// Under the repository (artifacts/ is ignored by git), so `import … from 'openai'` resolves.
const ROOT = path.resolve(import.meta.dirname, '../..')
mkdirSync(path.join(ROOT, 'artifacts'), { recursive: true })
const SNIPPETS = mkdtempSync(path.join(ROOT, 'artifacts', 'code-e2e-'))

let app: AppProcess
test.beforeAll(async () => {
  app = await startApp()
})
test.afterAll(async () => {
  await app?.stop()
  rmSync(SNIPPETS, { recursive: true, force: true })
})
test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

const readClipboard = (page: Page): Promise<string> => page.evaluate(() => navigator.clipboard.readText())

for (const dialect of ['openai-chat', 'anthropic-messages'] as const satisfies readonly DialectId[]) {
  test(`${dialect}: the Inspector's TypeScript of a reply runs with node and prints that reply`, async ({
    page,
  }) => {
    const params = new ParamsPage(page)
    // Waits for the catalog to give the pane its model: a Send before that is refused ("Pick a model").
    await new ChatPage(page).open(app.url)
    await params.selectDialect(1, dialect)
    await params.typeDraft(`Code for "${dialect}" — in 12 words ✓`)
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    const reply = params.pane(1).getByRole('article', { name: 'Assistant reply' })
    await expect(reply.getByTestId('reply-footer')).toContainText(/stop|end_turn/)

    // The key line for the local gateway, from the Code tab.
    await page.getByRole('tab', { name: 'Code' }).click()
    const codePanel = page.getByRole('tabpanel', { name: 'Code (next)' })
    await codePanel.getByRole('button', { name: 'Copy key export' }).click()
    // The line is on the clipboard once the panel says so (the key comes from main first).
    await expect(codePanel.getByRole('status').filter({ hasText: 'Copied. Paste it' })).toBeVisible()
    const exportLine = await readClipboard(page)
    const key = /^export MODEL_GATEWAY_API_KEY='([^']+)'$/.exec(exportLine)?.[1]
    expect(key).toBeDefined()

    // The next request as Python: the SDK of the pane's dialect, and it compiles.
    await page.getByRole('tab', { name: /^Python/ }).click()
    const python = page.getByLabel('Python code', { exact: true })
    await expect(python).toContainText(
      dialect === 'openai-chat' ? 'from openai import' : 'from anthropic import',
    )
    await codePanel.getByRole('button', { name: 'Copy Python code' }).click()
    const pythonFile = path.join(SNIPPETS, `${dialect}.py`)
    writeFileSync(pythonFile, await readClipboard(page))
    await execFileAsync('python3', ['-m', 'py_compile', pythonFile])

    // The request the reply was made with, as TypeScript, run as a user would.
    await page.getByRole('tab', { name: 'Inspector' }).click()
    await page.getByRole('button', { name: /^Copy as TypeScript/ }).click()
    const code = await readClipboard(page)
    expect(code).not.toContain(key)
    const file = path.join(SNIPPETS, `${dialect}.mjs`)
    writeFileSync(file, code)
    const { stdout } = await execFileAsync(process.execPath, [file], {
      env: { PATH: process.env['PATH'] ?? '', MODEL_GATEWAY_API_KEY: key ?? '' },
      timeout: 30_000,
    })

    // The app's own record of the reply: the Inspector's assembled result.
    const assembled = JSON.parse((await page.getByLabel('Assembled result').textContent()) ?? '') as {
      content: Array<{ type: string; text?: string }>
    }
    const text = assembled.content.map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join('')
    expect(text).toMatch(/simulat/i)
    expect(stdout).toBe(`${text}\n`)
  })
}
