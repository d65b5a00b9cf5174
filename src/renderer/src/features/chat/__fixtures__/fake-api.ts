import { applyAppend, conversationAppendSchema } from '@shared/history/conversation-append'
import { conversationSchema, type Conversation } from '@shared/history/conversation'
import { createKeyedChangeSignal, readOnceReached } from '@shared/async/keyed-change-signal'
import { savedPaneRequest } from '@shared/history/saved-pane-request'
import type { ConversationRunStart, RunStartInput } from '@shared/runs/run-types'
import type { InvokeChannel } from '@shared/ipc/contract'
import {
  FakeApiFailure,
  createFakeApi as createAppFakeApi,
  type FakeHandler,
} from '@renderer/features/app/__fixtures__/fake-api'

export type InvokeCall = { channel: InvokeChannel; input: unknown }

/** Short: a test whose save never lands should not wait main's seconds for it. */
const STATE_WAIT_MS = 200

/**
 * The app's one fake API (app/__fixtures__/fake-api.ts), set up for chat tests: runs start with ids
 * `run-1`, `run-2`…, cancels and history saves succeed, and the history is empty. Like main, it holds
 * what was saved (full saves and appends), and builds a run by conversation id from that with the
 * same shared function (`started()` lists each run's request). `api` is what the
 * mocked `lib/api` returns; `callsTo` gives whole calls (channel and input).
 */
export function createFakeApi() {
  const fake = createAppFakeApi()
  let nextRun = 1

  /** What main would hold: the conversations saved and appended to. */
  const held = new Map<string, Conversation>()
  const changes = createKeyedChangeSignal()
  /** Each run started, as main's run registry gets it (a run by conversation id resolved as main does). */
  const started: RunStartInput[] = []

  /** As main, a run waits a moment for the save it names (sent beside it, arriving after it here). */
  async function builtFromHeld(source: ConversationRunStart['conversation']) {
    const conversation = await readOnceReached({
      signal: changes,
      key: source.id,
      read: () => held.get(source.id) ?? null,
      reached: (held) => held?.updatedAt === source.updatedAt,
      waitMs: STATE_WAIT_MS,
    })
    const built = savedPaneRequest(conversation, source)
    if (!built.ok) throw new FakeApiFailure(built.code, built.message)
    return built
  }

  const defaults = (): void => {
    // Handlers only: the store under test keeps its event subscriptions across tests.
    fake.reset({ listeners: false })
    held.clear()
    started.length = 0
    fake.handle('chat:start', async (input) => {
      const { profileId, simulate } = input
      const run = 'request' in input ? input : await builtFromHeld(input.conversation)
      started.push({
        profileId,
        dialect: run.dialect,
        request: run.request,
        ...(simulate ? { simulate } : {}),
      })
      return { runId: `run-${nextRun++}` }
    })
    fake.handle('chat:cancel', () => undefined)
    fake.handle('history:save', (conversation) => {
      held.set(conversation.id, conversationSchema.parse(conversation))
      changes.notify(conversation.id)
      return { savedAt: 1 }
    })
    fake.handle('history:append', (change) => {
      const before = held.get(change.head.id)
      const after = before && applyAppend(before, conversationAppendSchema.parse(change))
      if (after) held.set(after.id, after)
      changes.notify(change.head.id)
      if (!after) throw new FakeApiFailure('stale_append', 'not made from what is held')
      return { savedAt: 1 }
    })
    fake.handle('history:list', () => [])
  }
  defaults()

  return {
    api: fake,
    calls: fake.calls,
    callsTo: (channel: InvokeChannel): InvokeCall[] => fake.calls.filter((call) => call.channel === channel),
    /** The conversation as main would hold it after the saves and appends so far. */
    held: (id: string): Conversation | undefined => held.get(id),
    /** The runs started since the last reset, each with the request main sends for it. */
    started: (): RunStartInput[] => [...started],
    handle<C extends InvokeChannel>(channel: C, handler: FakeHandler<C>) {
      fake.handle(channel, handler)
    },
    emit: fake.emit,
    /** Forgets the calls; `handlers` also puts back the default answers. */
    reset({ handlers: restore = false }: { handlers?: boolean } = {}) {
      fake.calls.length = 0
      started.length = 0
      if (restore) {
        nextRun = 1
        defaults()
      }
    },
  }
}

export type FakeApi = ReturnType<typeof createFakeApi>

/** Animation frames a test advances by hand. */
export function createManualFrames() {
  let callbacks: Array<() => void> = []
  return {
    host: {
      requestFrame: (callback: () => void) => {
        callbacks.push(callback)
      },
      // The hidden-page fallback never fires in tests: frames are what is being tested.
      setTimer: () => 0,
      clearTimer: () => undefined,
    },
    pending: () => callbacks.length,
    frame() {
      const run = callbacks
      callbacks = []
      for (const callback of run) callback()
    },
  }
}
