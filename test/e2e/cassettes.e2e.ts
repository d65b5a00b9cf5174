import { mkdtempSync, readdirSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import {
  startScriptedUpstream,
  TEXT_DELTAS,
  type ScriptedUpstream,
} from '../integration/cassettes/support/scripted-upstream'
import { SEED_MODELS } from '@shared/catalog/seed-models'
import { startApp, type AppProcess } from './support/app-process'
import { ChatPage } from './support/pages/chat'

/**
 * docs/cassettes.md in the app (browser mode): the built-in local gateway, given a config
 * (`PLAYGROUND_GATEWAY_CONFIG`) that proxies to a real loopback upstream and records, records a reply;
 * the upstream stops; the app, started again with a config that replays that folder at the recorded
 * pace, shows the same reply, and its inspector the same event sequence (the gateway's own message ids
 * and timestamps aside, which each reply makes anew).
 */
const UPSTREAM_KEY_ENV = 'E2E_CASSETTE_UPSTREAM_KEY'
const PROMPT = '[text] tell me about cassettes'

let upstream: ScriptedUpstream | undefined
let app: AppProcess | undefined

test.afterEach(async () => {
  await app?.stop()
  app = undefined
  await upstream?.close()
  upstream = undefined
})

/** Each event of the inspector's timeline: its name and its data, ids and times of this reply taken out. */
async function inspectedEvents(page: Page, chat: ChatPage): Promise<string[]> {
  await chat.lastReply().getByRole('button', { name: 'Inspect' }).click()
  const panel = page.getByRole('complementary', { name: 'Side panel' })
  const items = panel.getByRole('list', { name: 'Raw events' }).getByRole('listitem')
  await expect(items.last()).toContainText(/\[DONE\]|message_stop/)
  const rows = await items.evaluateAll((nodes) =>
    nodes.map(
      (node) =>
        `${node.querySelector('.timeline-event')?.textContent ?? ''} ${node.querySelector('.timeline-data')?.textContent ?? ''}`,
    ),
  )
  return rows.map((row) => row.replace(/"(id|created)":("[^"]*"|\d+)/g, '"$1":…'))
}

async function replyAndEvents(page: Page, running: AppProcess): Promise<{ text: string; events: string[] }> {
  const chat = new ChatPage(page)
  await chat.open(running.url)
  await chat.send(PROMPT)
  await chat.waitForIdle()
  const text = (await chat.replyText(chat.lastReply()).textContent()) ?? ''
  return { text, events: await inspectedEvents(page, chat) }
}

test('a reply recorded through a proxy replays in the app with the same text and the same event sequence', async ({
  page,
}) => {
  const tapes = mkdtempSync(path.join(os.tmpdir(), 'e2e-cassettes-'))
  upstream = await startScriptedUpstream()
  const proxy = {
    engine: 'proxy',
    upstream: { baseUrl: upstream.baseUrl, dialect: 'anthropic-messages', apiKeyEnv: UPSTREAM_KEY_ENV },
  }
  app = await startApp({
    gatewayConfig: {
      models: Object.fromEntries(SEED_MODELS.map((m) => [m.name, proxy])),
      record: { dir: tapes },
    },
    env: { [UPSTREAM_KEY_ENV]: 'sk-e2e-upstream-cassette-key' },
  })
  const recorded = await replyAndEvents(page, app)
  expect(recorded.text).toContain(TEXT_DELTAS.join('').trim())
  await expect
    .poll(() => readdirSync(tapes).filter((name) => name.endsWith('.anthropic-messages.json')).length)
    .toBeGreaterThan(0)
  await app.stop()
  app = undefined
  // Nothing may reach the upstream from here on.
  await upstream.close()
  upstream = undefined

  const replay = { engine: 'replay', dir: tapes, speed: 1 }
  app = await startApp({
    gatewayConfig: { models: Object.fromEntries(SEED_MODELS.map((m) => [m.name, replay])) },
  })
  const replayed = await replyAndEvents(page, app)
  expect(replayed.text).toBe(recorded.text)
  expect(replayed.events).toEqual(recorded.events)
  expect(replayed.events.length).toBeGreaterThan(TEXT_DELTAS.length)
})
