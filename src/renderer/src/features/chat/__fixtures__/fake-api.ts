import type { InvokeChannel } from '@shared/ipc/contract'
import {
  createFakeApi as createAppFakeApi,
  type FakeHandler,
} from '@renderer/features/app/__fixtures__/fake-api'

export type InvokeCall = { channel: InvokeChannel; input: unknown }

/**
 * The app's one fake API (app/__fixtures__/fake-api.ts), set up for chat tests: runs start with ids
 * `run-1`, `run-2`…, cancels and history saves succeed, and the history is empty. `api` is what the
 * mocked `lib/api` returns; `callsTo` gives whole calls (channel and input).
 */
export function createFakeApi() {
  const fake = createAppFakeApi()
  let nextRun = 1

  const defaults = (): void => {
    // Handlers only: the store under test keeps its event subscriptions across tests.
    fake.reset({ listeners: false })
    fake.handle('chat:start', () => ({ runId: `run-${nextRun++}` }))
    fake.handle('chat:cancel', () => undefined)
    fake.handle('history:save', () => ({ savedAt: 1 }))
    fake.handle('history:list', () => [])
  }
  defaults()

  return {
    api: fake,
    calls: fake.calls,
    callsTo: (channel: InvokeChannel): InvokeCall[] => fake.calls.filter((call) => call.channel === channel),
    handle<C extends InvokeChannel>(channel: C, handler: FakeHandler<C>) {
      fake.handle(channel, handler)
    },
    emit: fake.emit,
    /** Forgets the calls; `handlers` also puts back the default answers. */
    reset({ handlers: restore = false }: { handlers?: boolean } = {}) {
      fake.calls.length = 0
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
