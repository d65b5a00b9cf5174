import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { IMAGE_NOT_SENT_TEXT } from '@shared/chat/drop-images'
import type { Conversation, StoredMessage } from '@shared/history/conversation'
import { paneRequest } from '@shared/history/pane-request'
import type { RunStartInput } from '@shared/runs/run-types'
import type { CatalogLoader } from '../../services/catalog/catalog-loader'
import { createHistoryService, type HistoryService } from '../../services/history/history-service'
import type { RunRegistry } from '../../services/runs'
import { REQUEST, invokerOf, tempSettings } from './__fixtures__/handler-fixtures'
import { createChatHandlers } from './chat'

/** A run registry that only records what it was asked to start. */
function recordingRuns(started: RunStartInput[]): RunRegistry {
  return {
    start: (input) => {
      started.push(input)
      return { runId: `run-${started.length}` }
    },
    cancel: () => undefined,
    cancelAll: () => undefined,
    active: () => 0,
  }
}

async function tempHistory(
  options: { stateWaitMs?: number; maxConversationBytes?: number } = {},
): Promise<HistoryService> {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'chat-handlers-'))
  onTestFinished(() => rm(userDataDir, { recursive: true, force: true }))
  // A start whose state never comes gives up soon here (main waits seconds for a save on its way).
  return createHistoryService({ userDataDir, stateWaitMs: 100, ...options })
}

async function chatInvoker(historyOptions: Parameters<typeof tempHistory>[0] = {}) {
  const settings = await tempSettings()
  const history = await tempHistory(historyOptions)
  const started: RunStartInput[] = []
  const counted: string[] = []
  const invoke = invokerOf(
    createChatHandlers({
      settings,
      catalogs: {} as CatalogLoader,
      runs: recordingRuns(started),
      history,
      countTokens: async ({ profileId }) => {
        counted.push(profileId)
        return { source: 'service', inputTokens: 42 }
      },
    }),
  )
  return { settings, history, started, counted, invoke }
}

const text = (id: string, role: 'user' | 'assistant', value: string): StoredMessage => ({
  id,
  role,
  content: [{ type: 'text', text: value }],
})

/** Two panes in two dialects, unlinked temperature, a template variable. */
function savedConversation(): Conversation {
  const turns = [
    text('u1', 'user', 'Hi {{name}}'),
    text('a1', 'assistant', 'Hello'),
    text('u2', 'user', 'Again'),
  ]
  return {
    version: 1,
    id: 'c-1',
    title: 'T',
    createdAt: 1,
    updatedAt: 1_700_000_000_123,
    system: 'Be brief.',
    params: { stop: ['END'], stream: true, temperature: 0.5, maxTokens: 64 },
    unlinked: ['temperature'],
    variables: { name: 'Ada' },
    panes: [
      {
        id: 'p1',
        dialect: 'openai-chat',
        model: 'm1',
        messages: turns,
        settings: { system: 'Be brief.', params: { stop: [], stream: true, temperature: 0.9 } },
      },
      {
        id: 'p2',
        dialect: 'anthropic-messages',
        model: 'm2',
        messages: turns,
      },
    ],
  }
}

describe('chat handlers', () => {
  it('runs simulated faults on the local gateway only', async () => {
    const { settings, started, invoke } = await chatInvoker()
    const { profile } = await settings.saveProfile({
      name: 'Hosted',
      baseUrl: 'https://gateway.example.com/v1',
    })
    const input = { dialect: 'openai-chat', request: REQUEST, simulate: 'status=429' }
    const hosted = await invoke('chat:start', { ...input, profileId: profile.id })
    expect(hosted).toMatchObject({ ok: false, error: { code: 'simulate_local_only' } })
    const fromConversation = await invoke('chat:start', {
      profileId: profile.id,
      simulate: 'status=429',
      conversation: { id: 'c-1', paneId: 'p1', updatedAt: 1 },
    })
    expect(fromConversation).toMatchObject({ ok: false, error: { code: 'simulate_local_only' } })
    expect(started).toEqual([])

    const local = await invoke('chat:start', { ...input, profileId: 'local' })
    expect(local).toEqual({ ok: true, value: { runId: 'run-1' } })
    expect(started).toMatchObject([{ profileId: 'local', simulate: 'status=429' }])
  })

  it("asks a remote profile's service for its token count, never the local gateway's", async () => {
    const { settings, counted, invoke } = await chatInvoker()
    const { profile } = await settings.saveProfile({
      name: 'Hosted',
      baseUrl: 'https://gateway.example.com/v1',
    })
    const input = { dialect: 'anthropic-messages', request: REQUEST }
    expect(await invoke('chat:count-tokens', { ...input, profileId: profile.id })).toEqual({
      ok: true,
      value: { source: 'service', inputTokens: 42 },
    })
    expect(await invoke('chat:count-tokens', { ...input, profileId: 'local' })).toMatchObject({
      ok: true,
      value: { source: 'none' },
    })
    expect(counted).toEqual([profile.id])
  })
})

describe('a run started from a saved conversation (by id)', () => {
  it("sends each pane's request as the renderer builds it: its messages before the reply, its own settings", async () => {
    const { history, started, invoke } = await chatInvoker()
    const conversation = savedConversation()
    await history.save(conversation)
    for (const [index, pane] of conversation.panes.entries()) {
      const result = await invoke('chat:start', {
        profileId: 'local',
        conversation: { id: conversation.id, paneId: pane.id, updatedAt: conversation.updatedAt },
      })
      expect(result).toEqual({ ok: true, value: { runId: `run-${index + 1}` } })
      expect(started[index]).toEqual({
        profileId: 'local',
        dialect: pane.dialect,
        request: paneRequest(conversation, pane),
      })
    }
    // What the panes differ in reached each: the unlinked temperature, the variable filled.
    expect(started.map((input) => input.request.temperature)).toEqual([0.9, 0.5])
    expect(started[0]?.request.messages[0]).toEqual({
      role: 'user',
      content: [{ type: 'text', text: 'Hi Ada' }],
    })
  })

  it('sees appended turns (an incremental save) without a full save', async () => {
    const { history, started, invoke } = await chatInvoker()
    const conversation = savedConversation()
    await history.save(conversation)
    const [p1, p2] = conversation.panes
    await history.append({
      head: {
        ...conversation,
        updatedAt: conversation.updatedAt + 5,
        panes: conversation.panes.map(({ messages: _messages, ...head }) => head),
      },
      panes: [
        {
          from: p1!.messages.length,
          messages: [text('u3', 'user', 'Third')],
        },
        { from: p2!.messages.length, messages: [] },
      ],
    })
    const result = await invoke('chat:start', {
      profileId: 'local',
      conversation: {
        id: conversation.id,
        paneId: 'p1',
        updatedAt: conversation.updatedAt + 5,
      },
    })
    expect(result.ok).toBe(true)
    expect(started[0]?.request.messages.at(-1)).toEqual({
      role: 'user',
      content: [{ type: 'text', text: 'Third' }],
    })
    expect(started[0]?.request.messages).toHaveLength(4)
  })

  it('refuses a state main does not hold (another save) as stale, and starts nothing', async () => {
    const { history, started, invoke } = await chatInvoker()
    const conversation = savedConversation()
    await history.save(conversation)
    const source = { id: conversation.id, paneId: 'p1', updatedAt: conversation.updatedAt }
    const older = await invoke('chat:start', {
      profileId: 'local',
      conversation: { ...source, updatedAt: 1 },
    })
    expect(older).toMatchObject({ ok: false, error: { code: 'stale_conversation' } })
    const noPane = await invoke('chat:start', {
      profileId: 'local',
      conversation: { ...source, paneId: 'p9' },
    })
    expect(noPane).toMatchObject({ ok: false, error: { code: 'not_found' } })
    // Never saved (the save failed): stale too, and the renderer sends the request whole.
    const noConversation = await invoke('chat:start', {
      profileId: 'local',
      conversation: { ...source, id: 'c-9' },
    })
    expect(noConversation).toMatchObject({ ok: false, error: { code: 'stale_conversation' } })
    expect(started).toEqual([])
  })

  it('waits for the save it names when it arrives first, and builds from that very state', async () => {
    // A wait far longer than the test may take: on a loaded machine the default could run out first.
    const { history, started, invoke } = await chatInvoker({ stateWaitMs: 600_000 })
    const conversation = savedConversation()
    // A new conversation's first send: the start is there before the save, which lands later.
    const start = invoke('chat:start', {
      profileId: 'local',
      conversation: { id: conversation.id, paneId: 'p1', updatedAt: conversation.updatedAt + 1 },
    })
    await history.save(conversation)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(started).toEqual([])
    // A later state lands first (a save queued before the send's), then the one named.
    await history.save({ ...conversation, updatedAt: conversation.updatedAt + 2 })
    const named = {
      ...conversation,
      updatedAt: conversation.updatedAt + 1,
      panes: conversation.panes.map((pane) =>
        pane.id === 'p1' ? { ...pane, messages: [...pane.messages, text('u4', 'user', 'Fourth')] } : pane,
      ),
    }
    await history.save(named)
    expect(await start).toEqual({ ok: true, value: { runId: 'run-1' } })
    expect(started[0]?.request).toEqual(paneRequest(named, named.panes[0]!))
  })

  it('stops waiting as soon as the save it names fails, and says stale (the request then goes whole)', async () => {
    // A wait far longer than the test may take: only the failed save can end it in time.
    const { history, started, invoke } = await chatInvoker({
      stateWaitMs: 600_000,
      maxConversationBytes: 4096,
    })
    const conversation = savedConversation()
    const start = invoke('chat:start', {
      profileId: 'local',
      conversation: { id: conversation.id, paneId: 'p1', updatedAt: conversation.updatedAt },
    })
    const tooLarge = {
      ...conversation,
      panes: conversation.panes.map((pane) => ({
        ...pane,
        messages: [...pane.messages, text('big', 'user', 'x'.repeat(8192))],
      })),
    }
    await expect(history.save(tooLarge)).rejects.toThrow(/over the/)
    expect(await start).toMatchObject({ ok: false, error: { code: 'stale_conversation' } })
    expect(started).toEqual([])
  })

  it("replaces the history's images with a note when the user chose to send a text-only model without them", async () => {
    const { history, started, invoke } = await chatInvoker()
    const conversation = savedConversation()
    const image = {
      type: 'image' as const,
      source: { kind: 'base64' as const, mediaType: 'image/png', data: 'iVBORw0KGgo=' },
    }
    const withImage: Conversation = {
      ...conversation,
      panes: conversation.panes.map((pane) => ({
        ...pane,
        messages: [{ id: 'img', role: 'user', content: [image] }, ...pane.messages],
      })),
    }
    await history.save(withImage)
    const source = { id: conversation.id, paneId: 'p2', updatedAt: conversation.updatedAt }
    await invoke('chat:start', { profileId: 'local', conversation: { ...source, withoutImages: true } })
    await invoke('chat:start', { profileId: 'local', conversation: source })
    expect(started[0]?.request.messages[0]).toEqual({
      role: 'user',
      content: [{ type: 'text', text: IMAGE_NOT_SENT_TEXT }],
    })
    expect(started[1]?.request.messages[0]).toEqual({ role: 'user', content: [image] })
  })
})
