import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { hostileReplies, keyLeaks } from '@main/services/runs/__fixtures__/hostile-replies'
import { startHostileUpstream } from '../integration/canary/hostile-upstream'
import { startApp, type AppProcess } from './support/app-process'
import { hostInvoke } from './support/host-api'
import { ChatPage } from './support/pages/chat'

/**
 * security.md §2 in the real page: a hostile upstream (real loopback server) echoes the canary key in
 * every field of its reply; the app (`npm start -- --browser`) shows the reply in Chromium, the
 * inspector renders the raw events, history saves the conversation. Then the DOM, browser storage,
 * the app's output and every file of its user data folder are searched for the key in any encoding
 * (and any 12-character piece of it): zero hits, and the text around the key is whole.
 */
const CANARY = `sk-CANARY-${crypto.randomUUID()}`
const OPENAI = hostileReplies(CANARY).find((reply) => reply.name === 'openai-fields')!

let app: AppProcess
let upstream: Awaited<ReturnType<typeof startHostileUpstream>>

test.beforeAll(async () => {
  upstream = await startHostileUpstream()
  app = await startApp()
  const profile = await hostInvoke(app, 'profiles:save', {
    name: 'Hostile upstream',
    baseUrl: upstream.baseUrl,
    catalogSource: 'bundled',
  })
  await hostInvoke(app, 'secrets:set', { profileId: profile.id, key: CANARY })
  await hostInvoke(app, 'profiles:activate', { profileId: profile.id })
})

test.afterAll(async () => {
  await app?.stop()
  await upstream?.close()
})

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(full) : statSync(full).isFile() ? [full] : []
  })
}

test('the page, its storage, the output and the user data hold no trace of the key', async ({ page }) => {
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await chat.send(OPENAI.name)
  await chat.waitForIdle()
  await expect(chat.replyText(chat.lastReply())).toContainText(OPENAI.text!)

  await chat.lastReply().getByRole('button', { name: 'Inspect' }).click()
  const panel = page.getByRole('complementary', { name: 'Side panel' })
  await expect(panel.getByRole('list', { name: 'Raw events' }).getByRole('listitem').last()).toContainText(
    '[DONE]',
  )

  const dom = await page.content()
  const storage = await page.evaluate(() =>
    JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage)]),
  )
  // The history file is written when the reply ends; wait for it rather than for a time.
  await expect
    .poll(
      () =>
        filesUnder(app.userDataDir).filter((file) => file.includes(`${path.sep}conversations${path.sep}`))
          .length,
    )
    .toBeGreaterThan(0)
  const files = filesUnder(app.userDataDir).map((file) => [file, readFileSync(file, 'latin1')] as const)

  expect(dom).toContain('[redacted]')
  const hits = [
    ['dom', dom] as const,
    ['storage', storage] as const,
    ['output', app.output()] as const,
    ...files,
  ].flatMap(([where, text]) => keyLeaks(text, CANARY).map((form) => `${where}: ${form}`))
  expect(hits).toEqual([])
})
