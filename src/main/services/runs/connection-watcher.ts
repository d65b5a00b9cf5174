import { AsyncLocalStorage } from 'node:async_hooks'
import { subscribe } from 'node:diagnostics_channel'

/**
 * Tells the registry when ITS request got a connection, so a connect timeout can be told apart from
 * a server that is merely slow to send headers. fetch itself has no such event.
 */
export type ConnectionHooks = {
  /** The transport picked the request up: from now on `onConnected` can be relied upon. */
  onRequest(): void
  /** The connection is open (TCP and TLS) and the request headers were written on it. */
  onConnected(): void
}

export type ConnectionWatcher = {
  watch<T>(send: () => Promise<T>, hooks: ConnectionHooks): Promise<T>
}

type UndiciRequestMessage = { request?: object }

const currentHooks = new AsyncLocalStorage<ConnectionHooks>()
const hooksByRequest = new WeakMap<object, ConnectionHooks>()
let subscribed = false
/**
 * Fetches not yet at `undici:request:create`: the only ones that need the store. While any store is
 * enabled, Node 20 runs a hook on every promise of main (web streams make many: uploading a long
 * body and reading each reply's stream), which delayed a two-pane send's second request
 * (performance.md S1); so the store is disabled whenever none is waiting.
 */
let awaitingRequest = 0

/**
 * Node's fetch is undici, which publishes diagnostics channels: `undici:request:create` runs
 * synchronously inside the fetch call chain (so AsyncLocalStorage knows which run made it), and
 * `undici:client:sendHeaders` fires once that very request object was written on an open socket,
 * new or reused. Mapping one to the other by object identity is exact, even with many runs to the
 * same host at once. If the channels never fire (another fetch, a future undici), `onRequest` is
 * never called and the registry falls back to the headers timeout.
 */
function ensureSubscribed(): void {
  if (subscribed) return
  subscribed = true
  subscribe('undici:request:create', (message) => {
    const hooks = currentHooks.getStore()
    const request = (message as UndiciRequestMessage).request
    if (hooks === undefined || request === undefined) return
    hooksByRequest.set(request, hooks)
    hooks.onRequest()
  })
  subscribe('undici:client:sendHeaders', (message) => {
    const request = (message as UndiciRequestMessage).request
    if (request !== undefined) hooksByRequest.get(request)?.onConnected()
  })
}

export const undiciConnectionWatcher: ConnectionWatcher = {
  watch(send, hooks) {
    ensureSubscribed()
    awaitingRequest++
    let waiting = true
    const requested = (): void => {
      if (!waiting) return
      waiting = false
      if (--awaitingRequest === 0) currentHooks.disable()
    }
    const watched: ConnectionHooks = {
      onRequest: () => {
        requested()
        hooks.onRequest()
      },
      onConnected: () => hooks.onConnected(),
    }
    let sent: ReturnType<typeof send>
    try {
      sent = currentHooks.run(watched, send)
    } catch (error) {
      requested()
      throw error
    }
    // A fetch that fails before it makes a request (a bad URL, a cancel) never gets to the channel.
    sent.then(requested, requested)
    return sent
  },
}
