import { createSseParser } from '@shared/dialects/sse/sse-parser'
import type { SseMessage } from '@shared/dialects/sse/sse-message'
import { EVENTS_PATH, NO_TOKEN_HINT, TOKEN_HEADER } from '@shared/ipc/browser-transport'
import type { BrowserBridgeEnvironment } from './browser-bridge'
import { isEnvelope } from './host-envelope'

type Listener = (payload: unknown) => void

export type EventStream = {
  subscribe(channel: string, listener: Listener): () => void
  close(): void
}

/**
 * One event stream for the page, opened on the first subscription. EventSource cannot send headers,
 * so it is a streaming fetch parsed with the shared SSE parser. When it drops (host restarted, laptop
 * slept) it reopens with backoff; a refusal (401/403/421) is final, since only a new URL helps.
 */
export function createEventStream(env: BrowserBridgeEnvironment, token: string | undefined): EventStream {
  const listeners = createListeners(env.report)
  let started = false
  let closed = false
  let failures = 0
  let abort: AbortController | undefined
  let retryTimer: unknown

  const retryLater = (): void => {
    if (closed) return
    const delays = env.reconnectDelaysMs
    const delay = delays[Math.min(failures, delays.length - 1)] ?? 1_000
    failures++
    retryTimer = env.setTimeout(() => void connect(), delay)
  }

  const connect = async (): Promise<void> => {
    if (closed || token === undefined) return
    abort = new AbortController()
    const ended = await readEvents(env, token, abort.signal, listeners.dispatch, () => {
      // Bytes arrived (at least the host's `: connected`): the next drop starts the backoff afresh.
      failures = 0
    })
    if (ended === 'dropped') retryLater()
  }

  return {
    subscribe(channel, listener) {
      const remove = listeners.add(channel, listener)
      if (!started && token !== undefined) {
        started = true
        void connect()
      }
      return remove
    },
    close() {
      closed = true
      abort?.abort()
      if (retryTimer !== undefined) env.clearTimeout(retryTimer)
    },
  }
}

/**
 * One connection of the stream, read to its end: `dropped` when it failed or ended (to be reopened),
 * `refused` when the host turned the token down (reported; reopening cannot help).
 */
async function readEvents(
  env: BrowserBridgeEnvironment,
  token: string,
  signal: AbortSignal,
  onEvent: (message: SseMessage) => void,
  onBytes: () => void,
): Promise<'dropped' | 'refused'> {
  let response: Response
  try {
    response = await env.fetch(EVENTS_PATH, {
      headers: { accept: 'text/event-stream', [TOKEN_HEADER]: token },
      cache: 'no-store',
      credentials: 'omit',
      signal,
    })
  } catch {
    return 'dropped'
  }
  if (response.status === 401 || response.status === 403 || response.status === 421) {
    const body: unknown = await response.json().catch(() => undefined)
    env.report(isEnvelope(body) && !body.ok ? body.error.message : NO_TOKEN_HINT)
    return 'refused'
  }
  if (!response.ok || response.body === null) return 'dropped'
  const parser = createSseParser({ onEvent })
  try {
    const reader = response.body.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      onBytes()
      parser.feed(value)
    }
  } catch {
    // The connection dropped mid-stream; reopened by the caller.
  }
  parser.end()
  return 'dropped'
}

/** The page's listeners by event name, and the delivery of one event to them. */
function createListeners(report: BrowserBridgeEnvironment['report']): {
  add(channel: string, listener: Listener): () => void
  dispatch(message: SseMessage): void
} {
  const listeners = new Map<string, Set<Listener>>()
  return {
    add(channel, listener) {
      let targets = listeners.get(channel)
      if (targets === undefined) {
        targets = new Set()
        listeners.set(channel, targets)
      }
      targets.add(listener)
      return () => {
        targets.delete(listener)
      }
    },
    dispatch(message) {
      if (message.event === undefined) return
      const targets = listeners.get(message.event)
      if (targets === undefined || targets.size === 0) return
      let payload: unknown
      try {
        // The host writes events without payload as `null`.
        payload = JSON.parse(message.data) ?? undefined
      } catch (error) {
        report(`Ignored an unreadable ${message.event} event.`, error)
        return
      }
      for (const listener of [...targets]) {
        try {
          listener(payload)
        } catch (error) {
          // One failing listener must not starve the others or kill the stream.
          report(`A ${message.event} listener failed.`, error)
        }
      }
    },
  }
}
