import { vi } from 'vitest'
import type {
  EventChannel,
  EventPayload,
  InvokeChannel,
  InvokeInput,
  InvokeOutput,
  InvokeResult,
  PlaygroundApi,
} from '@shared/ipc/contract'

/** What a fake handler may do: answer, or fail the way main does (an envelope with a message). */
export type FakeHandler<C extends InvokeChannel> = (
  input: InvokeInput<C>,
  // Channels answering `undefined` may simply return nothing.
) => InvokeOutput<C> | void | Promise<InvokeOutput<C> | void>

/** Thrown by a fake handler to answer `{ ok: false, error: { code, message } }`, like main. */
export class FakeApiFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

export type FakeApi = PlaygroundApi & {
  /** Every invoke, in order. */
  calls: Array<{ channel: InvokeChannel; input: unknown }>
  handle<C extends InvokeChannel>(channel: C, handler: FakeHandler<C>): void
  emit<C extends EventChannel>(channel: C, payload: EventPayload<C>): void
  callsTo(channel: InvokeChannel): unknown[]
  /** Forgets calls and handlers; listeners too unless `listeners: false` (a store that stays subscribed). */
  reset(options?: { listeners?: boolean }): void
}

/**
 * A stand-in for `lib/api` in component and slice tests: `vi.mock('…/lib/api', …)` returns it, tests
 * register handlers per channel and read what was sent. An invoke without a handler fails loudly.
 */
export function createFakeApi(): FakeApi {
  const handlers = new Map<InvokeChannel, (input: unknown) => unknown>()
  const listeners = new Map<EventChannel, Set<(payload: unknown) => void>>()
  const calls: Array<{ channel: InvokeChannel; input: unknown }> = []

  const fake: FakeApi = {
    calls,
    async invoke<C extends InvokeChannel>(
      channel: C,
      input: InvokeInput<C>,
    ): Promise<InvokeResult<InvokeOutput<C>>> {
      // Cloned as IPC does: a later change to the caller's object must not rewrite what was sent.
      calls.push({ channel, input: structuredClone(input) })
      const handler = handlers.get(channel)
      if (!handler)
        return { ok: false, error: { code: 'no_fake', message: `No fake handler for ${channel}` } }
      try {
        return { ok: true, value: (await handler(input)) as InvokeOutput<C> }
      } catch (error) {
        const code = error instanceof FakeApiFailure ? error.code : 'internal'
        return { ok: false, error: { code, message: (error as Error).message } }
      }
    },
    on: vi.fn(<C extends EventChannel>(channel: C, listener: (payload: EventPayload<C>) => void) => {
      let set = listeners.get(channel)
      if (!set) {
        set = new Set()
        listeners.set(channel, set)
      }
      const wrapped = listener as (payload: unknown) => void
      set.add(wrapped)
      return () => set.delete(wrapped)
    }) as PlaygroundApi['on'],
    handle(channel, handler) {
      handlers.set(channel, handler as (input: unknown) => unknown)
    },
    emit(channel, payload) {
      for (const listener of listeners.get(channel) ?? []) listener(payload)
    },
    callsTo(channel) {
      return calls.filter((call) => call.channel === channel).map((call) => call.input)
    },
    reset({ listeners: clearListeners = true } = {}) {
      handlers.clear()
      if (clearListeners) listeners.clear()
      calls.length = 0
    },
  }
  return fake
}
