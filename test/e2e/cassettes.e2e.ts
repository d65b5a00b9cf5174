import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import {
  startScriptedUpstream,
  TEXT_DELTAS,
  type ScriptedUpstream,
} from '../integration/cassettes/support/scripted-upstream'
import type { RunningGateway } from '@gateway'
import { SEED_MODELS } from '@shared/catalog/seed-models'
import { startProxyGateway } from '../integration/gateway/support/gateways'
import { startApp, type AppProcess } from './support/app-process'
import { ChatPage } from './support/pages/chat'
import { HistoryPage } from './support/pages/history'
import { SettingsPage } from './support/pages/settings'

/**
 * docs/cassettes.md in the app (browser mode): the built-in local gateway, given a config
 * (`PLAYGROUND_GATEWAY_CONFIG`) that proxies to a real loopback upstream and records, records a reply;
 * the upstream stops; the app, started again with a config that replays that folder at the recorded
 * pace, shows the same reply, and its inspector the same event sequence (the gateway's own message ids
 * and timestamps aside, which each reply makes anew). Then the same without environment, through the
 * UI (docs/cassettes.md "In the app"): a remote profile that records, a replay profile that serves.
 */
const UPSTREAM_KEY_ENV = 'E2E_CASSETTE_UPSTREAM_KEY'
const PROMPT = '[text] tell me about cassettes'

let upstream: ScriptedUpstream | undefined
let app: AppProcess | undefined
let hosted: RunningGateway | undefined

test.afterEach(async () => {
  await hosted?.close()
  hosted = undefined
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
  return sentReplyAndEvents(page, chat)
}

/** Sends PROMPT in the open conversation: the reply's text and its inspector's event sequence. */
async function sentReplyAndEvents(page: Page, chat: ChatPage): Promise<{ text: string; events: string[] }> {
  await chat.send(PROMPT)
  await chat.waitForIdle()
  // The text may still be painting after the run ended (a loaded machine): read it once it is whole.
  await expect(chat.replyText(chat.lastReply())).toContainText(TEXT_DELTAS.at(-1) as string)
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

/** Every spelling of `key` the redaction covers (docs/cassettes.md "No key in any form"). */
const spellings = (key: string): string[] => [
  key,
  JSON.stringify(key).slice(1, -1),
  encodeURIComponent(key),
  Buffer.from(key).toString('base64'),
  Buffer.from(key).toString('base64url'),
]

test('in the app, without environment: a profile records its replies into a folder, a replay profile serves them with the same event sequence, a miss names the closest cassette', async ({
  page,
}) => {
  const tapes = mkdtempSync(path.join(os.tmpdir(), 'e2e-app-cassettes-'))
  const canary = 'sk-e2e-canary-' + 'k3y'.repeat(8)
  upstream = await startScriptedUpstream()
  // The hosted gateway the profile points at (a gateway like the app's, proxying to a real upstream):
  // it checks the canary key, so a run without the profile's key would fail.
  hosted = await startProxyGateway({
    upstreamBaseUrl: upstream.baseUrl,
    upstreamDialect: 'anthropic-messages',
    apiKey: canary,
  })
  app = await startApp()
  const chat = new ChatPage(page)
  await chat.open(app.url)

  const settings = new SettingsPage(page)
  await settings.open()
  const dialog = settings.dialog()
  await dialog.getByRole('button', { name: 'Add profile' }).click()
  const form = dialog.getByRole('form', { name: 'New profile' })
  await form.getByLabel('Name').fill('Upstream')
  await form.getByLabel('Base URL').fill(hosted.baseUrl)
  await form.getByLabel('Catalog source').selectOption('bundled')
  await form.getByLabel('Record cassettes to (optional)').fill(tapes)
  await form.getByRole('button', { name: 'Add profile' }).click()
  await expect(settings.profile('Upstream')).toContainText(tapes)
  // The key goes through the real host path into the keychain; the cassettes must hold no spelling of it.
  await settings.enterKey('Upstream', canary)
  await expect(settings.keyStatus('Upstream')).toContainText(canary.slice(-4))
  await settings.profile('Upstream').getByRole('button', { name: 'Use this profile' }).click()
  await settings.close()

  const recorded = await sentReplyAndEvents(page, chat)
  expect(recorded.text).toContain(TEXT_DELTAS.join('').trim())
  // The user pastes the key into a prompt too: recorded, redacted.
  await chat.send(`[text] my key is ${canary}`)
  await chat.waitForIdle()
  await expect.poll(() => readdirSync(tapes).length).toBe(2)
  for (const name of readdirSync(tapes)) {
    const text = readFileSync(path.join(tapes, name), 'utf8')
    for (const spelling of spellings(canary)) expect(text).not.toContain(spelling)
  }
  // Nothing may reach the hosted gateway or its upstream from here on.
  await hosted.close()
  hosted = undefined
  await upstream.close()
  upstream = undefined

  await settings.open()
  await dialog.getByRole('button', { name: 'Add replay profile' }).click()
  const replayForm = dialog.getByRole('form', { name: 'New replay profile' })
  await replayForm.getByLabel('Name').fill('Replay')
  await replayForm.getByLabel('Cassette folder').fill(tapes)
  await replayForm.getByRole('button', { name: 'Add replay profile' }).click()
  await expect(settings.profile('Replay')).toContainText('1×')
  await settings.profile('Replay').getByRole('button', { name: 'Use this profile' }).click()
  await settings.close()

  await expect(page.getByTestId('key-status')).toHaveCount(0)
  // The model cards say what is true of a replay profile: no key, replies from its folder.
  await page.getByRole('tab', { name: 'Models' }).click()
  await expect(page.getByRole('article').first().getByRole('region', { name: 'Access' })).toContainText(
    `No key needed: this profile replays the recordings in ${tapes}`,
  )
  await new HistoryPage(page).open()
  await page.getByRole('button', { name: 'New conversation' }).click()
  const replayed = await sentReplyAndEvents(page, chat)
  expect(replayed.text).toBe(recorded.text)
  expect(replayed.events).toEqual(recorded.events)

  await chat.send('[text] a prompt never recorded')
  await chat.waitForIdle()
  await expect(chat.lastReply()).toContainText(
    /No cassette matched this request .*The closest is [0-9a-f]{16}\.openai-chat\.json/,
  )
})
