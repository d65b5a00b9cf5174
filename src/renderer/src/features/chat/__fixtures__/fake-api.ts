import type {
  EventChannel,
  EventPayload,
  InvokeChannel,
  InvokeInput,
  InvokeResult,
  PlaygroundApi,
} from '@shared/ipc/contract'

export type InvokeCall = { channel: InvokeChannel; input: unknown }
type Handler = (input: unknown) => unknown | Promise<unknown>

/**
 * A stand-in for main behind `api`: records every invoke, answers from per-channel handlers (an
 * Error thrown there comes back as a failed envelope, like main's refusals), and lets a test emit
 * events to the renderer's listeners.
 */
export function createFakeApi() {
  const calls: InvokeCall[] = []
  const handlers = new Map<string, Handler>()
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  let nextRun = 1

  const defaults = (): void => {
    handlers.clear()
    handlers.set('chat:start', () => ({ runId: `run-${nextRun++}` }))
    handlers.set('chat:cancel', () => undefined)
    handlers.set('history:save', () => ({ savedAt: 1 }))
    handlers.set('history:list', () => [])
  }
  defaults()

  const api: PlaygroundApi = {
    async invoke<C extends InvokeChannel>(channel: C, input: InvokeInput<C>) {
      calls.push({ channel, input: structuredClone(input) })
      const handler = handlers.get(channel)
      if (!handler)
        return { ok: false, error: { code: 'unhandled', message: `no fake for ${channel}` } } as never
      try {
        return { ok: true, value: await handler(input) } as InvokeResult<never>
      } catch (error) {
        return { ok: false, error: { code: 'refused', message: (error as Error).message } } as never
      }
    },
    on<C extends EventChannel>(channel: C, listener: (payload: EventPayload<C>) => void) {
      let set = listeners.get(channel)
      if (!set) listeners.set(channel, (set = new Set()))
      set.add(listener as (payload: unknown) => void)
      return () => set.delete(listener as (payload: unknown) => void)
    },
  }

  return {
    api,
    calls,
    callsTo: (channel: InvokeChannel) => calls.filter((call) => call.channel === channel),
    handle(channel: InvokeChannel, handler: Handler) {
      handlers.set(channel, handler)
    },
    emit<C extends EventChannel>(channel: C, payload: EventPayload<C>) {
      for (const listener of listeners.get(channel) ?? []) listener(payload)
    },
    /** Forgets the calls; `handlers` also puts back the default answers. */
    reset({ handlers: restore = false }: { handlers?: boolean } = {}) {
      calls.length = 0
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
