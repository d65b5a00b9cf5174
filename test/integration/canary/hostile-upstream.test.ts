import { randomUUID } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hostileReplies, keyLeaks } from '@main/services/runs/__fixtures__/hostile-replies'
import { buildCatalog } from '@shared/catalog'
import { reduceStreamParts } from '@shared/chat/reduce-stream-part'
import type { Conversation, StoredMessage } from '@shared/history/conversation'
import { startBrowserModeSession } from './browser-mode-session'
import { startHostileUpstream } from './hostile-upstream'

/**
 * security.md §2 against a hostile upstream (a real loopback server) and the real browser-mode host:
 * the server echoes the canary key in every field it can (ids, models, tool names, finish reasons,
 * SSE event names, headers, split deltas, escaped spellings, long error bodies); the replies are kept
 * in history and exported. Then everything the renderer received, every log line and every file in
 * the user data folder is searched for the key in any encoding, and for any 12-character piece of
 * it: zero hits. The text that is not the key must arrive whole.
 */
const CANARY = `sk-CANARY-${randomUUID()}`

describe('a hostile upstream echoing the canary key', () => {
  let upstream: Awaited<ReturnType<typeof startHostileUpstream>>
  let session: Awaited<ReturnType<typeof startBrowserModeSession>>

  beforeAll(async () => {
    upstream = await startHostileUpstream({
      // A catalog whose records quote the key: it must not reach the page either.
      catalog: (key) => ({
        models: buildCatalog({ baseUrl: 'http://127.0.0.1:1/v1' })
          .slice(0, 2)
          .map((record) => ({ ...record, label: key, description: `use ${key}` })),
      }),
    })
    session = await startBrowserModeSession()
  }, 30_000)

  afterAll(async () => {
    await session.close()
    await upstream.close()
  })

  it('leaves no trace of the key anywhere, and every other character arrives', async () => {
    const profile = (await session.invoke('profiles:save', {
      name: 'Hostile',
      baseUrl: upstream.baseUrl,
    })) as {
      id: string
    }
    // A key with a line break is refused, and the refusal does not quote it.
    await expect(
      session.invoke('secrets:set', { profileId: profile.id, key: `${CANARY}\r\nX-Injected: 1` }),
    ).rejects.toThrow(/line break/)
    await session.invoke('secrets:set', { profileId: profile.id, key: CANARY })
    const catalog = (await session.invoke('catalog:get', { profileId: profile.id, refresh: true })) as {
      source: string
    }
    expect(catalog.source).toBe('gateway')

    const messages: StoredMessage[] = []
    for (const reply of hostileReplies(CANARY)) {
      const { terminal, all } = await session.runToEnd({
        profileId: profile.id,
        dialect: reply.dialect,
        request: {
          model: 'any-model',
          messages: [{ role: 'user', content: [{ type: 'text', text: reply.name }] }],
          stream: reply.status === 200,
        },
      })
      expect(terminal.terminal?.state, reply.name).toBe(reply.status === 200 ? 'completed' : 'provider_error')
      const result = reduceStreamParts(all.flatMap((u) => u.parts ?? []))
      const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('')
      if (reply.text !== undefined) expect(text, reply.name).toBe(reply.text)
      const reasoning = result.content.map((part) => (part.type === 'reasoning' ? part.text : '')).join('')
      if (reply.reasoning !== undefined) expect(reasoning, reply.name).toBe(reply.reasoning)
      const call = result.content.find((part) => part.type === 'tool-call')
      if (reply.toolArguments !== undefined) expect(call?.arguments, reply.name).toBe(reply.toolArguments)
      // What the renderer keeps of the reply, as history stores it.
      messages.push({ id: `u-${reply.name}`, role: 'user', content: [{ type: 'text', text: reply.name }] })
      messages.push({
        id: `a-${reply.name}`,
        role: 'assistant',
        content: result.content,
        reply: {
          dialect: reply.dialect,
          model: result.model ?? 'any-model',
          state: terminal.terminal!.state,
          ...(result.finish === undefined ? {} : { finish: result.finish }),
          ...(terminal.terminal?.error === undefined ? {} : { error: terminal.terminal.error }),
          ...(terminal.terminal?.message === undefined || terminal.terminal.error !== undefined
            ? {}
            : { error: { type: 'message', message: terminal.terminal.message } }),
          metrics: {},
          adjustments: [],
          createdAt: Date.now(),
        },
      })
    }

    // A user who pasted the key into a prompt: the history file and the export hide it too.
    messages.push({
      id: 'pasted',
      role: 'user',
      content: [{ type: 'text', text: `my key is ${CANARY}, ok?` }],
    })
    const conversation: Conversation = {
      version: 1,
      id: 'hostile-conversation',
      title: `Key ${CANARY}`,
      createdAt: Date.now(),
      updatedAt: Date.now(),
      profileId: profile.id,
      system: '',
      params: { stop: [], stream: true },
      panes: [{ id: 'p1', dialect: 'openai-chat', model: 'any-model', messages }],
    }
    await session.invoke('history:save', conversation)
    const exported = (await session.invoke('history:export', { id: conversation.id })) as { json: string }
    await writeFile(path.join(session.userDataDir, 'exported.json'), exported.json)

    const haystacks = await session.haystacks()
    // The search means something only if the traffic was there: the redaction shows where it acted.
    expect(session.updates.length).toBeGreaterThan(10)
    const renderer = haystacks.find(([where]) => where === 'renderer')![1]
    expect(renderer).toContain('[redacted]')
    const hits = haystacks.flatMap(([where, text]) =>
      keyLeaks(text, CANARY).map((form) => `${where}: ${form}`),
    )
    expect(hits).toEqual([])
  }, 60_000)
})
