import { randomUUID } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveGatewayConfig } from '@gateway/gateway-config'
import { startGateway, type RunningGateway } from '@gateway/start-gateway'
import type { Conversation } from '@shared/history/conversation'
import type { RunUpdate } from '@shared/runs/run-types'
import { startBrowserModeSession } from './browser-mode-session'

/**
 * security.md §2: run the app with a canary key through every path that touches keys — saving it,
 * fetching a catalog with it, streaming and failing requests, a dead upstream, history save and
 * export, copy-with-key — then search everything the app wrote or said for it. Target: zero hits.
 */
const CANARY = `sk-CANARY-${randomUUID()}`

/** Every form in which a leaked key could appear. */
function canaryForms(secret: string): string[] {
  const forms = new Set<string>([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])
  // Base64 depends on the key's alignment inside the encoded data: cover all three, minus the edges.
  for (let pad = 0; pad < 3; pad++) {
    const bytes = Buffer.concat([Buffer.alloc(pad, 0x20), Buffer.from(secret)])
    for (const encoding of ['base64', 'base64url'] as const) {
      const encoded = bytes.toString(encoding)
      forms.add(encoded.slice(4, -4))
    }
  }
  return [...forms]
}

describe('the canary key', () => {
  let hosted: RunningGateway
  let session: Awaited<ReturnType<typeof startBrowserModeSession>>
  const invoke = (channel: string, input?: unknown) => session.invoke(channel, input)
  const runToEnd = async (input: object) => (await session.runToEnd(input)).terminal

  beforeAll(async () => {
    hosted = await startGateway({
      apiKey: CANARY,
      port: 0,
      config: resolveGatewayConfig({ simulator: { ttftMs: 0, tokensPerSecond: 20_000 } }),
    })
    session = await startBrowserModeSession()
  }, 30_000)

  afterAll(async () => {
    await session.close()
    await hosted.close().catch(() => undefined)
  })

  it('never appears in user data files, logs or anything sent to the renderer', async () => {
    const profile = (await invoke('profiles:save', { name: 'Hosted', baseUrl: hosted.baseUrl })) as {
      id: string
    }
    const status = (await invoke('secrets:set', { profileId: profile.id, key: CANARY })) as {
      hasKey: boolean
      last4: string
    }
    expect(status).toMatchObject({ hasKey: true, last4: CANARY.slice(-4) })
    const catalog = (await invoke('catalog:get', { profileId: profile.id, refresh: true })) as {
      source: string
    }
    expect(catalog.source).toBe('gateway')

    const ask = (model: string, extra: object = {}) => ({
      model,
      messages: [{ role: 'user', content: [{ type: 'text', text: `Please repeat ${'the key'}.` }] }],
      maxTokens: 64,
      stream: true,
      ...extra,
    })
    const completed: RunUpdate[] = []
    for (const dialect of ['openai-chat', 'anthropic-messages'] as const) {
      completed.push(
        await runToEnd({ profileId: profile.id, dialect, request: ask('vendorb3.8-Flash-Next') }),
      )
      completed.push(
        await runToEnd({
          profileId: profile.id,
          dialect,
          request: ask('vendorb3.8-Flash-Next', { stream: false }),
        }),
      )
      // Failing requests: an unknown model (404) and a prompt over the context length (400).
      const missing = await runToEnd({ profileId: profile.id, dialect, request: ask('no-such-model') })
      expect(missing.terminal?.state).toBe('provider_error')
      const tooLong = await runToEnd({
        profileId: profile.id,
        dialect,
        request: ask('vendorb3.8-Flash-Next', { maxTokens: 300_000 }),
      })
      expect(tooLong.terminal?.state).toBe('provider_error')
    }
    expect(completed.map((u) => u.terminal?.state)).toEqual([
      'completed',
      'completed',
      'completed',
      'completed',
    ])

    const copy = (await invoke('curl:copy-with-key', {
      profileId: profile.id,
      dialect: 'openai-chat',
      request: ask('vendorb3.8-Flash-Next'),
    })) as { copied: boolean }
    expect(copy.copied).toBe(false)

    // The local gateway's key may be shown (the channel takes no profile id); the hosted one never.
    const local = (await invoke('secrets:local-key')) as { key: string }
    expect(local.key).toMatch(/^sk-local-/)
    expect(local.key).not.toContain(CANARY)
    await expect(invoke('secrets:local-key', { profileId: profile.id })).rejects.toThrow()

    const conversation: Conversation = {
      version: 1,
      id: 'canary-conversation',
      title: 'Canary',
      createdAt: Date.now(),
      updatedAt: Date.now(),
      system: '',
      params: { stop: [], stream: true },
      panes: [{ id: 'p1', dialect: 'openai-chat', model: 'vendorb3.8-Flash-Next', messages: [] }],
    }
    await invoke('history:save', conversation)
    const exported = (await invoke('history:export', { id: conversation.id })) as { json: string }
    await writeFile(path.join(session.userDataDir, 'exported.json'), exported.json)

    // A dead upstream: the network error path logs and reports too.
    await hosted.close()
    const dead = await runToEnd({
      profileId: profile.id,
      dialect: 'openai-chat',
      request: ask('vendorb3.8-Flash-Next'),
    })
    expect(dead.terminal?.state).toBe('network_error')

    const haystacks = await session.haystacks()
    expect(haystacks.length).toBeGreaterThan(3)
    // The search is only meaningful if the haystack saw real traffic: replies' text and raw events.
    // (Not a count of updates: a run that ends within one frame sends a single update, so the count
    // depends on the machine's speed.)
    expect(session.updates.some((update) => (update.parts ?? []).length > 0)).toBe(true)
    expect(session.updates.some((update) => (update.rawEvents ?? []).length > 0)).toBe(true)
    expect(session.logLines.length).toBeGreaterThan(0)
    const hits: string[] = []
    for (const form of canaryForms(CANARY)) {
      for (const [where, text] of haystacks) if (text.includes(form)) hits.push(`${where}: ${form}`)
    }
    expect(hits).toEqual([])
  }, 90_000)
})
