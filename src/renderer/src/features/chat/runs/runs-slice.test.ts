// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { buildCatalog } from '@shared/catalog'
import type { StreamPart } from '@shared/chat/stream-part'
import { conversationSchema, type Conversation, type StoredMessage } from '@shared/history/conversation'
import type { RunUpdate } from '@shared/runs/run-types'
import { createManualFrames, type FakeApi } from '@renderer/features/chat/__fixtures__/fake-api'
import { FakeApiFailure } from '@renderer/features/app/__fixtures__/fake-api'
import { IMAGE_NOT_SENT_TEXT } from '@shared/chat/drop-images'
import { toChatMessage } from '@shared/history/pane-request'

const fake = vi.hoisted(() => ({ current: undefined as FakeApi | undefined }))
vi.mock('@renderer/lib/api', async () => {
  const { createFakeApi } = await import('@renderer/features/chat/__fixtures__/fake-api')
  fake.current = createFakeApi()
  return { api: fake.current.api, shell: 'browser' }
})

const { useAppStore } = await import('@renderer/store')
const { startRunPump } = await import('./run-pump')
const { initialRunsState } = await import('./runs-state')

const api = (): FakeApi => fake.current!
const CATALOG = buildCatalog()
const VISION = 'vendora-V4-Flash-Vision-Exp'
const TEXT = 'vendorb3.8-Flash-Next'

function conversationWith(panes: Conversation['panes']): Conversation {
  return {
    version: 1,
    id: 'conv-1',
    title: 'New conversation',
    createdAt: 1,
    updatedAt: 1,
    system: '',
    params: { stop: [], stream: true, maxTokens: 256 },
    panes,
  }
}

const text = (message: StoredMessage | undefined): string =>
  message?.role === 'assistant'
    ? message.content.map((part) => (part.type === 'text' ? part.text : '')).join('')
    : ''

function pane(id: string): Conversation['panes'][number] {
  const found = useAppStore.getState().conversation.panes.find((p) => p.id === id)
  if (!found) throw new Error(`no pane ${id}`)
  return found
}

let frames: ReturnType<typeof createManualFrames>
let stopPump: () => void
let applied: number

beforeEach(() => {
  api().reset({ handlers: true })
  frames = createManualFrames()
  applied = 0
  stopPump = startRunPump({
    frames: frames.host,
    apply: (updates) => {
      applied++
      useAppStore.getState().applyRunUpdates(updates)
    },
  })
  useAppStore.setState({
    profiles: [
      {
        id: 'local',
        name: 'Local gateway',
        kind: 'local',
        baseUrl: 'http://127.0.0.1:1/v1',
        catalogSource: 'gateway',
      },
    ],
    activeProfileId: 'local',
    catalogs: { local: { status: 'ready', models: CATALOG } },
    ...initialRunsState,
    simulate: '',
    notices: [],
  })
  useAppStore.getState().replaceConversation(
    conversationWith([
      { id: 'p1', dialect: 'openai-chat', model: TEXT, messages: [] },
      { id: 'p2', dialect: 'anthropic-messages', model: TEXT, messages: [] },
    ]),
  )
})

afterEach(() => stopPump())

/** The real timer, kept before any test fakes them: a macrotask runs after every queued promise callback. */
const realSetTimeout = globalThis.setTimeout
const afterPendingWork = (): Promise<void> => new Promise((resolve) => realSetTimeout(resolve, 0))

const emit = (update: RunUpdate): void => api().emit('chat:update', update)
const delta = (value: string): StreamPart => ({ type: 'text-delta', text: value })

async function sendText(value: string): Promise<void> {
  useAppStore.getState().setDraftText(value)
  await useAppStore.getState().send()
}

describe('send', () => {
  it('asks before sending a text-only model a history with images, then sends it without them, saying so', async () => {
    const image = {
      type: 'image' as const,
      source: { kind: 'base64' as const, mediaType: 'image/png', data: 'iVBOR' },
    }
    useAppStore.getState().setPaneTarget('p1', { model: VISION })
    useAppStore.getState().setPaneTarget('p2', { model: VISION })
    useAppStore.getState().addDraftImages([image])
    await sendText('what is this?')
    emit({ runId: 'run-1', seq: 0, parts: [delta('a dot')], terminal: { state: 'completed' } })
    emit({ runId: 'run-2', seq: 0, parts: [delta('a dot')], terminal: { state: 'completed' } })
    frames.frame()
    useAppStore.getState().setPaneTarget('p2', { model: TEXT })
    api().reset()

    await sendText('and now?')
    expect(api().callsTo('chat:start')).toEqual([])
    expect(useAppStore.getState().imageChoice).toEqual({ models: [TEXT], images: 1 })
    expect(useAppStore.getState().composer.text).toBe('and now?')

    await useAppStore.getState().send({ dropImagesForTextOnly: true })
    expect(useAppStore.getState().imageChoice).toBeNull()
    const [vision, text] = api().started()
    // The vision pane keeps its image; the text-only pane gets a note in its place.
    expect(vision?.request.messages[0]?.content).toContainEqual(image)
    expect(text?.request.model).toBe(TEXT)
    expect(text?.request.messages[0]?.content).toEqual([
      { type: 'text', text: 'what is this?' },
      { type: 'text', text: IMAGE_NOT_SENT_TEXT },
    ])
    expect(JSON.stringify(text?.request)).not.toContain('iVBOR')
    // The transcript keeps the image, and the user is told what was sent.
    expect(useAppStore.getState().conversation.panes[1]?.messages[0]?.content).toContainEqual(image)
    expect(useAppStore.getState().notices.at(-1)?.message).toBe(
      `Sent to ${TEXT} without the image earlier in the conversation: it is text-only.`,
    )

    // The answer holds: the next message to that pane is sent without the image, not asked again.
    for (const [index, run] of ['run-3', 'run-4'].entries()) {
      emit({ runId: run, seq: 0, parts: [delta(`answer ${index}`)], terminal: { state: 'completed' } })
    }
    frames.frame()
    api().reset()
    await sendText('and the next one?')
    expect(useAppStore.getState().imageChoice).toBeNull()
    expect(api().started()).toHaveLength(2)
  })

  it('adds the turn to every pane and starts one run per pane with that pane’s request', async () => {
    await sendText('Hello there')
    const [p1, p2] = useAppStore.getState().conversation.panes
    expect(p1?.messages.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(p2?.messages.map((m) => m.role)).toEqual(['user', 'assistant'])
    // The same turn in both panes (compare mode pairs replies by it); each reply is its own message.
    expect(p1?.messages[0]?.id).toBe(p2?.messages[0]?.id)
    expect(p1?.messages[1]?.id).not.toBe(p2?.messages[1]?.id)

    const starts = api().started()
    const request = {
      model: TEXT,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello there' }] }],
      stream: true,
      maxTokens: 256,
    }
    expect(starts).toEqual([
      { profileId: 'local', dialect: 'openai-chat', request },
      { profileId: 'local', dialect: 'anthropic-messages', request },
    ])
    expect(useAppStore.getState().composer).toEqual({ text: '', images: [] })
    expect(Object.keys(useAppStore.getState().runs)).toEqual(['run-1', 'run-2'])
  })

  it('sends the earlier turns, not the empty reply, when the conversation goes on', async () => {
    await sendText('first')
    emit({ runId: 'run-1', seq: 0, parts: [delta('one')], terminal: { state: 'completed' } })
    emit({ runId: 'run-2', seq: 0, parts: [delta('uno')], terminal: { state: 'completed' } })
    frames.frame()
    api().reset()
    await sendText('second')
    const [first, second] = api().started()
    expect(first?.request.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'first' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'one' }] },
      { role: 'user', content: [{ type: 'text', text: 'second' }] },
    ])
    expect(second?.request.messages[1]).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text: 'uno' }],
    })
  })

  it('sends an edited turn again: what followed it goes in every pane, and each asks anew with the new text', async () => {
    await sendText('first')
    emit({ runId: 'run-1', seq: 0, parts: [delta('one')], terminal: { state: 'completed' } })
    emit({ runId: 'run-2', seq: 0, parts: [delta('uno')], terminal: { state: 'completed' } })
    frames.frame()
    await sendText('second')
    emit({ runId: 'run-3', seq: 0, parts: [delta('two')], terminal: { state: 'completed' } })
    emit({ runId: 'run-4', seq: 0, parts: [delta('dos')], terminal: { state: 'completed' } })
    frames.frame()
    api().reset()
    const turn = pane('p1').messages[0]!.id
    useAppStore.getState().editMessageText('p1', turn, 'first, edited')
    await useAppStore.getState().resendFrom(turn)
    for (const id of ['p1', 'p2']) expect(pane(id).messages.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(
      api()
        .started()
        .map((start) => start.request.messages),
    ).toEqual([
      [{ role: 'user', content: [{ type: 'text', text: 'first, edited' }] }],
      [{ role: 'user', content: [{ type: 'text', text: 'first, edited' }] }],
    ])
  })

  it('passes the simulated fault only for the local profile', async () => {
    useAppStore.getState().setSimulate('status=429')
    await sendText('a')
    expect(
      api()
        .callsTo('chat:start')
        .map((call) => (call.input as { simulate?: string }).simulate),
    ).toEqual(['status=429', 'status=429'])
    useAppStore.setState({
      profiles: [
        {
          id: 'remote',
          name: 'Hosted',
          kind: 'remote',
          baseUrl: 'https://g.example/v1',
          catalogSource: 'gateway',
        },
      ],
      activeProfileId: 'remote',
      catalogs: { remote: { status: 'ready', models: CATALOG } },
      activeRunIds: [],
    })
    api().reset()
    await sendText('b')
    expect(
      api()
        .callsTo('chat:start')
        .map((call) => 'simulate' in (call.input as object)),
    ).toEqual([false, false])
  })

  it('refuses images when a pane’s model is text-only, and sends them to vision models', async () => {
    useAppStore
      .getState()
      .addDraftImages([{ type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: 'iVBOR' } }])
    await sendText('what is this?')
    expect(api().callsTo('chat:start')).toEqual([])
    expect(useAppStore.getState().notices.at(-1)?.message).toContain(`${TEXT} is text-only`)

    useAppStore.getState().setPaneTarget('p1', { model: VISION })
    useAppStore.getState().setPaneTarget('p2', { model: VISION })
    await useAppStore.getState().send()
    const request = api().started()[0]!.request
    expect(request.messages[0]?.content).toEqual([
      { type: 'text', text: 'what is this?' },
      { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: 'iVBOR' } },
    ])
  })

  it('shows a refused start as a failed reply and keeps the turn', async () => {
    api().handle('chat:start', () => {
      throw new Error('There is no profile local.')
    })
    await sendText('hi')
    const reply = pane('p1').messages[1]
    expect(reply?.reply?.state).toBe('provider_error')
    expect(reply?.reply?.error?.message).toBe('There is no profile local.')
    expect(useAppStore.getState().activeRunIds).toEqual([])
  })
})

describe('sending into a long saved conversation', () => {
  /** A saved conversation of `turns` exchanges of ~1 KB each per pane, as opened from history. */
  function openLongConversation(turns: number): Conversation {
    const messages = (pane: string): StoredMessage[] =>
      Array.from({ length: turns }, (_, i) => [
        {
          id: `${pane}-u${i}`,
          role: 'user' as const,
          content: [{ type: 'text' as const, text: `question ${i} `.repeat(80) }],
        },
        {
          id: `${pane}-a${i}`,
          role: 'assistant' as const,
          content: [{ type: 'text' as const, text: `answer ${i} `.repeat(100) }],
        },
      ]).flat()
    const conversation = {
      ...conversationWith([
        { id: 'p1', dialect: 'openai-chat', model: TEXT, messages: messages('p1') },
        { id: 'p2', dialect: 'anthropic-messages', model: TEXT, messages: messages('p2') },
      ]),
      title: 'Long',
    }
    // Main holds what it handed out (history:get).
    void api().api.invoke('history:save', conversation)
    useAppStore.getState().replaceConversation(conversation)
    api().reset()
    return conversation
  }

  const bytesSent = (): number =>
    api().calls.reduce((sum, call) => sum + JSON.stringify(call.input).length, 0)

  it('crosses IPC with the new turn and ids only, and main sends each pane its whole history', async () => {
    const opened = openLongConversation(200)
    await sendText('one more question')
    expect(api().calls.map((call) => call.channel)).toEqual(['history:append', 'chat:start', 'chat:start'])
    // ~400 KB of history per pane; what the send handed main is the new turn and the ids.
    expect(JSON.stringify(opened).length).toBeGreaterThan(800_000)
    expect(bytesSent()).toBeLessThan(4_000)
    const started = api().started()
    expect(started.map((run) => run.dialect)).toEqual(['openai-chat', 'anthropic-messages'])
    for (const [index, run] of started.entries()) {
      expect(run.request.messages).toHaveLength(401)
      expect(run.request.messages[0]).toEqual(toChatMessage(opened.panes[index]!.messages[0]!))
      expect(run.request.messages.at(-1)).toEqual({
        role: 'user',
        content: [{ type: 'text', text: 'one more question' }],
      })
    }
    // The inspector's "sent" request is the one main built.
    const runs = useAppStore.getState().runs
    expect(runs['run-1']?.sent.request).toEqual(started[0]?.request)
    expect(runs['run-2']?.sent.request).toEqual(started[1]?.request)
  })

  it('saves the replies as appends when the panes end one after the other, the whole transcript never again', async () => {
    openLongConversation(200)
    await sendText('one more question')
    emit({ runId: 'run-1', seq: 0, parts: [delta('first ')] })
    emit({ runId: 'run-2', seq: 0, parts: [delta('second, still going ')] })
    frames.frame()
    emit({ runId: 'run-1', seq: 1, parts: [delta('done')], terminal: { state: 'completed' } })
    frames.frame()
    await vi.waitFor(() => expect(api().callsTo('history:append')).toHaveLength(2))
    emit({ runId: 'run-2', seq: 1, parts: [delta('and done')], terminal: { state: 'completed' } })
    frames.frame()
    await vi.waitFor(() => expect(api().callsTo('history:append')).toHaveLength(3))
    expect(api().callsTo('history:save')).toEqual([])
    expect(bytesSent()).toBeLessThan(8_000)
    // Main holds exactly what the renderer shows, both replies finished.
    expect(api().held('conv-1')).toEqual(conversationSchema.parse(useAppStore.getState().conversation))
    expect(text(api().held('conv-1')?.panes[1]?.messages.at(-1))).toBe('second, still going and done')
  })

  it('sends the request whole when main holds another state of the conversation (a save raced it)', async () => {
    openLongConversation(3)
    api().handle('chat:start', (input) => {
      if ('conversation' in input) throw new FakeApiFailure('stale_conversation', 'changed')
      return { runId: 'run-whole' }
    })
    await sendText('again')
    const starts = api()
      .callsTo('chat:start')
      .map((call) => call.input as Record<string, unknown>)
    expect(starts.map((input) => Object.keys(input).sort())).toEqual([
      ['conversation', 'profileId'],
      ['conversation', 'profileId'],
      ['dialect', 'profileId', 'request'],
      ['dialect', 'profileId', 'request'],
    ])
    expect((starts[2]?.request as { messages: unknown[] }).messages).toHaveLength(7)
    expect(useAppStore.getState().activeRunIds).toEqual(['run-whole', 'run-whole'])
  })

  it('starts its runs while the save of the turn is still on its way (main waits for that state)', async () => {
    openLongConversation(3)
    let answer = (): void => undefined
    api().handle(
      'history:append',
      () => new Promise<{ savedAt: number }>((resolve) => (answer = () => resolve({ savedAt: 1 }))),
    )
    const sending = sendText('again')
    await vi.waitFor(() => expect(api().callsTo('chat:start')).toHaveLength(2))
    answer()
    await sending
  })

  it('sends the request whole when the turn could not be saved, and still says the save failed', async () => {
    openLongConversation(3)
    api().handle('history:append', () => {
      throw new Error('disk full')
    })
    api().handle('history:save', () => {
      throw new Error('disk full')
    })
    await sendText('again')
    const starts = api()
      .callsTo('chat:start')
      .map((call) => call.input as { request?: { messages: unknown[] } })
    // By id first (main never comes to hold the state: stale), then whole.
    expect(starts.map((input) => input.request?.messages.length)).toEqual([undefined, undefined, 7, 7])
    expect(
      api()
        .started()
        .map((run) => run.request.messages.length),
    ).toEqual([7, 7])
    expect(useAppStore.getState().notices.at(-1)?.message).toContain('could not be saved: disk full')
  })
})

describe('applying updates', () => {
  it('applies updates once per animation frame, not per event', async () => {
    await sendText('hi')
    emit({ runId: 'run-1', seq: 0, parts: [{ type: 'start' }, delta('Hel')] })
    emit({ runId: 'run-2', seq: 0, parts: [delta('Bon')] })
    emit({ runId: 'run-1', seq: 1, parts: [delta('lo')] })
    // Nothing is committed between frames.
    expect(text(pane('p1').messages[1])).toBe('')
    expect(applied).toBe(0)
    frames.frame()
    expect(applied).toBe(1)
    expect(text(pane('p1').messages[1])).toBe('Hello')
    expect(text(pane('p2').messages[1])).toBe('Bon')
    expect(useAppStore.getState().runs['run-1']?.state).toBe('running')
  })

  it('loses and reorders nothing across 1,000 updates in uneven frames, and leaves other messages alone', async () => {
    await sendText('count')
    const userMessage = pane('p1').messages[0]
    const otherReply = pane('p2').messages[1]
    let expected = ''
    for (let seq = 0; seq < 1000; seq++) {
      const piece = `w${seq} `
      expected += piece
      emit({ runId: 'run-1', seq, parts: [delta(piece)] })
      // Frames at irregular points: 1 to 37 updates per frame.
      if ((seq * 7919) % 37 === 0) frames.frame()
    }
    frames.frame()
    expect(text(pane('p1').messages[1])).toBe(expected)
    const run = useAppStore.getState().runs['run-1']
    expect(run?.lastSeq).toBe(999)
    expect(run?.seqGap).toBe(false)
    expect(pane('p1').messages[0]).toBe(userMessage)
    expect(pane('p2').messages[1]).toBe(otherReply)
  })

  it('applies updates that arrive before chat:start answered, in order', async () => {
    let release: (value: { runId: string }) => void = () => undefined
    api().handle('chat:start', () => new Promise((resolve) => (release = resolve)))
    useAppStore
      .getState()
      .replaceConversation(
        conversationWith([{ id: 'p1', dialect: 'openai-chat', model: TEXT, messages: [] }]),
      )
    useAppStore.getState().setDraftText('early')
    const sending = useAppStore.getState().send()
    await vi.waitFor(() => expect(api().callsTo('chat:start')).toHaveLength(1))
    emit({ runId: 'run-x', seq: 0, parts: [delta('fast ')] })
    frames.frame()
    emit({ runId: 'run-x', seq: 1, parts: [delta('reply')] })
    release({ runId: 'run-x' })
    await sending
    frames.frame()
    expect(text(pane('p1').messages[1])).toBe('fast reply')
    expect(useAppStore.getState().runs['run-x']?.seqGap).toBe(false)
  })

  it('flags a gap in seq (an update went missing)', async () => {
    await sendText('hi')
    emit({ runId: 'run-1', seq: 0, parts: [delta('a')] })
    emit({ runId: 'run-1', seq: 2, parts: [delta('c')] })
    frames.frame()
    expect(useAppStore.getState().runs['run-1']?.seqGap).toBe(true)
    expect(useAppStore.getState().runs['run-2']?.seqGap).toBe(false)
  })

  it('stores the ReplyRecord on the terminal update and saves the conversation, titled by the first turn', async () => {
    await sendText('  What is   the capital\nof France? ')
    // The send saved its turn (the request is built from it); nothing more is saved while streaming.
    expect(
      api()
        .held('conv-1')
        ?.panes[0]?.messages.map((m) => m.role),
    ).toEqual(['user'])
    api().reset()
    const adjustments = [
      { param: 'temperature', action: 'clamped' as const, detail: 'temperature 1.5 clamped to 1' },
    ]
    emit({
      runId: 'run-1',
      seq: 0,
      adjustments,
      response: { status: 200, headers: { 'content-type': 'text/event-stream' }, requestId: 'req_1' },
      parts: [{ type: 'start', id: 'chatcmpl-1' }, delta('Paris.')],
    })
    frames.frame()
    expect(pane('p1').messages[1]?.reply).toBeUndefined()
    expect(api().calls).toEqual([])
    emit({
      runId: 'run-1',
      seq: 1,
      parts: [
        { type: 'finish', reason: { unified: 'stop', raw: 'stop' } },
        { type: 'usage', usage: { inputTokens: 12, outputTokens: 3 } },
        { type: 'end' },
      ],
      metrics: {
        startedAt: 1000,
        ttfbMs: 20,
        ttftMs: 35,
        totalMs: 90,
        outputTokens: 3,
        outputTokensEstimated: false,
        tokensPerSecond: 55.5,
        usage: { inputTokens: 12, outputTokens: 3 },
        points: '0.00000321',
      },
      terminal: { state: 'completed' },
    })
    frames.frame()
    const reply = pane('p1').messages[1]?.reply
    expect(reply).toEqual({
      dialect: 'openai-chat',
      model: TEXT,
      state: 'completed',
      finish: { unified: 'stop', raw: 'stop' },
      usage: { inputTokens: 12, outputTokens: 3 },
      metrics: {
        ttfbMs: 20,
        ttftMs: 35,
        totalMs: 90,
        tokensPerSecond: 55.5,
        outputTokens: 3,
        points: '0.00000321',
      },
      adjustments,
      createdAt: expect.any(Number),
    })
    expect(useAppStore.getState().activeRunIds).toEqual(['run-2'])
    // Saved as an append: the reply's text and record, not the whole conversation again.
    await vi.waitFor(() => expect(api().calls.map((c) => c.channel)).toEqual(['history:append']))
    expect(api().callsTo('history:save')).toEqual([])
    const saved = api().held('conv-1')!
    expect(saved.title).toBe('What is the capital of France?')
    expect(saved.panes[0]?.messages[1]?.reply?.state).toBe('completed')
    expect(text(saved.panes[0]?.messages[1])).toBe('Paris.')
  })

  it('keeps a network error’s plain message in the record, and tells the user when saving fails', async () => {
    api().handle('history:save', () => {
      throw new Error('disk full')
    })
    await sendText('hi')
    emit({ runId: 'run-1', seq: 0, parts: [delta('partial')] })
    emit({
      runId: 'run-1',
      seq: 1,
      terminal: { state: 'network_error', message: 'The connection was reset.' },
    })
    frames.frame()
    const message = pane('p1').messages[1]
    expect(text(message)).toBe('partial')
    expect(message?.reply?.state).toBe('network_error')
    expect(message?.reply?.error).toEqual({ type: 'network_error', message: 'The connection was reset.' })
    await vi.waitFor(() =>
      expect(useAppStore.getState().notices.map((n) => n.message)).toContain(
        'The conversation could not be saved: disk full',
      ),
    )
  })
})

describe('stop, regenerate, continue', () => {
  it('Stop cancels every running run of the conversation; the partial reply stays', async () => {
    await sendText('hi')
    emit({ runId: 'run-1', seq: 0, parts: [delta('partial ')] })
    frames.frame()
    await useAppStore.getState().stopAll()
    expect(
      api()
        .callsTo('chat:cancel')
        .map((call) => call.input),
    ).toEqual([{ runId: 'run-1' }, { runId: 'run-2' }])
    emit({
      runId: 'run-1',
      seq: 1,
      terminal: { state: 'aborted', message: 'Stopped; the text received so far is kept.' },
    })
    emit({ runId: 'run-2', seq: 0, terminal: { state: 'aborted' } })
    frames.frame()
    expect(text(pane('p1').messages[1])).toBe('partial ')
    expect(pane('p1').messages[1]?.reply?.state).toBe('aborted')
    // A stop is not an error, also once it is history.
    expect(pane('p1').messages[1]?.reply?.error).toBeUndefined()
    expect(useAppStore.getState().activeRunIds).toEqual([])
  })

  it('opening another conversation stops its replies and saves them, partial text and record, before switching', async () => {
    await sendText('hi')
    emit({ runId: 'run-1', seq: 0, parts: [delta('partial ')] })
    frames.frame()
    // Main answers a cancel with the run's terminal update, applied at the next frame.
    api().handle('chat:cancel', (input) => {
      const { runId } = input as { runId: string }
      setTimeout(() => {
        emit({ runId, seq: runId === 'run-1' ? 1 : 0, terminal: { state: 'aborted' } })
        frames.frame()
      }, 0)
      return undefined
    })
    const other = {
      ...conversationWith([{ id: 'q1', dialect: 'openai-chat', model: TEXT, messages: [] }]),
      id: 'conv-2',
    }
    api().handle('history:get', () => other)
    await useAppStore.getState().openConversation('conv-2')

    expect(useAppStore.getState().conversation.id).toBe('conv-2')
    const last = api().held('conv-1')
    const reply = last?.panes[0]?.messages[1]
    expect(text(reply)).toBe('partial ')
    expect(reply?.reply?.state).toBe('aborted')
    expect(last?.panes[1]?.messages[1]?.reply?.state).toBe('aborted')
  })

  it('leaving goes on as soon as its replies’ last updates land: no timer has to fire', async () => {
    await sendText('hi')
    emit({ runId: 'run-1', seq: 0, parts: [delta('partial ')] })
    frames.frame()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    try {
      let left = false
      void useAppStore
        .getState()
        .settleBeforeLeaving()
        .then(() => (left = true))
      await afterPendingWork()
      expect(api().callsTo('chat:cancel')).toHaveLength(2)
      expect(left).toBe(false)
      emit({ runId: 'run-1', seq: 1, terminal: { state: 'aborted' } })
      frames.frame()
      await afterPendingWork()
      expect(left).toBe(false)
      emit({ runId: 'run-2', seq: 0, terminal: { state: 'aborted' } })
      frames.frame()
      await afterPendingWork()
      expect(left).toBe(true)
      const saved = api().held('conv-1')!
      expect(saved.panes.map((p) => p.messages[1]?.reply?.state)).toEqual(['aborted', 'aborted'])
      expect(text(saved.panes[0]?.messages[1])).toBe('partial ')
    } finally {
      vi.useRealTimers()
    }
  })

  it('leaving does not hang on a reply whose last update never comes: it saves what it has after 5 s', async () => {
    await sendText('hi')
    emit({ runId: 'run-1', seq: 0, parts: [delta('partial ')] })
    frames.frame()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    try {
      let left = false
      void useAppStore
        .getState()
        .settleBeforeLeaving()
        .then(() => (left = true))
      await vi.advanceTimersByTimeAsync(4_999)
      expect(left).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      await afterPendingWork()
      expect(left).toBe(true)
      expect(text(api().held('conv-1')?.panes[0]?.messages[1])).toBe('partial ')
    } finally {
      vi.useRealTimers()
    }
  })

  it('Stop pressed before chat:start answered cancels the run as soon as its id is known', async () => {
    let release: (value: { runId: string }) => void = () => undefined
    api().handle('chat:start', () => new Promise((resolve) => (release = resolve)))
    useAppStore
      .getState()
      .replaceConversation(
        conversationWith([{ id: 'p1', dialect: 'openai-chat', model: TEXT, messages: [] }]),
      )
    useAppStore.getState().setDraftText('x')
    const sending = useAppStore.getState().send()
    await vi.waitFor(() => expect(api().callsTo('chat:start')).toHaveLength(1))
    await useAppStore.getState().stopAll()
    expect(api().callsTo('chat:cancel')).toEqual([])
    release({ runId: 'run-late' })
    await sending
    expect(
      api()
        .callsTo('chat:cancel')
        .map((call) => call.input),
    ).toEqual([{ runId: 'run-late' }])
  })

  it('regenerate drops that reply and what follows, and re-runs from the turns before it', async () => {
    await sendText('first')
    emit({ runId: 'run-1', seq: 0, parts: [delta('one')], terminal: { state: 'completed' } })
    emit({ runId: 'run-2', seq: 0, parts: [delta('uno')], terminal: { state: 'completed' } })
    frames.frame()
    await sendText('second')
    emit({ runId: 'run-3', seq: 0, parts: [delta('two')], terminal: { state: 'completed' } })
    emit({ runId: 'run-4', seq: 0, parts: [delta('dos')], terminal: { state: 'completed' } })
    frames.frame()
    const firstReply = pane('p1').messages[1]!
    api().reset()
    await useAppStore.getState().regenerate('p1', firstReply.id)
    expect(pane('p1').messages.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(pane('p1').messages[1]?.id).not.toBe(firstReply.id)
    expect(pane('p2').messages).toHaveLength(4)
    const start = api().started()[0]!
    expect(start.dialect).toBe('openai-chat')
    expect(start.request.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'first' }] }])
  })

  it('continuePane sends the tool results added after a tool call', async () => {
    useAppStore
      .getState()
      .replaceConversation(
        conversationWith([{ id: 'p1', dialect: 'openai-chat', model: TEXT, messages: [] }]),
      )
    await sendText('weather in Paris')
    emit({
      runId: 'run-1',
      seq: 0,
      parts: [
        { type: 'tool-call-start', index: 0, id: 'call_1', name: 'get_weather' },
        { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":"Paris"}' },
        { type: 'finish', reason: { unified: 'tool-calls', raw: 'tool_calls' } },
        { type: 'end' },
      ],
      terminal: { state: 'completed' },
    })
    frames.frame()
    const call = pane('p1').messages[1]
    useAppStore.getState().insertMessageAfter('p1', call!.id, {
      id: 't1',
      role: 'tool',
      toolCallId: 'call_1',
      content: '{"temp":21}',
    })
    api().reset()
    await useAppStore.getState().continuePane('p1')
    const start = api().started()[0]!
    expect(start.request.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'weather in Paris' }] },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' }],
      },
      { role: 'tool', toolCallId: 'call_1', content: '{"temp":21}' },
    ])
  })
})
