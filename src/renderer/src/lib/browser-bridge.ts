import type {
  EventChannel,
  EventPayload,
  InvokeChannel,
  InvokeInput,
  InvokeOutput,
  InvokeResult,
  PlaygroundApi,
} from '@shared/ipc/contract'
import {
  INVOKE_PATH_PREFIX,
  NO_TOKEN_HINT,
  TOKEN_FRAGMENT_PARAM,
  TOKEN_HEADER,
} from '@shared/ipc/browser-transport'
import { createEventStream } from './browser-event-stream'
import { failure, isEnvelope } from './host-envelope'

/**
 * Browser mode's `window.api`: the same PlaygroundApi over the loopback host's HTTP API, so the rest
 * of the renderer cannot tell the shells apart. Invokes are `POST /api/invoke/<channel>`; events come
 * from one `GET /api/events` stream. Both carry the per-launch token in a custom header, which a page
 * of another origin cannot send without a CORS preflight the host never allows.
 */

export const TOKEN_STORAGE_KEY = 'playground-access-token'

/** Backoff between attempts to reopen the event stream; the last delay repeats. */
const DEFAULT_RECONNECT_DELAYS_MS: readonly number[] = [500, 1_000, 2_000, 4_000, 8_000, 15_000]

/** Everything the bridge touches outside itself, so tests can stand in for the browser. */
export type BrowserBridgeEnvironment = {
  fetch: (input: string, init: RequestInit) => Promise<Response>
  location: Pick<Location, 'pathname' | 'search' | 'hash'>
  history: Pick<History, 'replaceState' | 'state'>
  /** Undefined when the browser refuses storage (then the token lives as long as the page). */
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'> | undefined
  setTimeout: (callback: () => void, ms: number) => unknown
  clearTimeout: (handle: unknown) => void
  reconnectDelaysMs: readonly number[]
  /** Problems nobody awaits (the event stream refused, a listener that threw). */
  report: (message: string, error?: unknown) => void
}

export type BrowserBridge = PlaygroundApi & {
  readonly hasToken: boolean
  /** Stops the event stream for good (tests, page teardown). */
  close(): void
}

export function createBrowserBridge(overrides: Partial<BrowserBridgeEnvironment> = {}): BrowserBridge {
  const env: BrowserBridgeEnvironment = { ...defaultEnvironment(), ...overrides }
  const token = takeAccessToken(env)
  const events = createEventStream(env, token)

  return {
    hasToken: token !== undefined,

    async invoke<C extends InvokeChannel>(
      channel: C,
      input: InvokeInput<C>,
    ): Promise<InvokeResult<InvokeOutput<C>>> {
      if (token === undefined) return failure('no_token', NO_TOKEN_HINT)
      let response: Response
      try {
        response = await env.fetch(`${INVOKE_PATH_PREFIX}${encodeURIComponent(channel)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
          // No input (channels like app:info) travels as an empty body, which the host reads as undefined.
          body: input === undefined ? '' : JSON.stringify(input),
          cache: 'no-store',
          credentials: 'omit',
          redirect: 'error',
        })
      } catch (error) {
        return failure(
          'host_unreachable',
          `The playground host did not answer (${messageOf(error)}). Is \`npm start\` still running?`,
        )
      }
      // Refusals (401 token, 413 too large…) come as the same envelope with a message for the user.
      const body: unknown = await response.json().catch(() => undefined)
      if (isEnvelope(body)) return body as InvokeResult<InvokeOutput<C>>
      return failure(
        `http_${response.status}`,
        `The playground host answered ${response.status} ${response.statusText}`.trim() + '.',
      )
    },

    on<C extends EventChannel>(channel: C, listener: (payload: EventPayload<C>) => void): () => void {
      return events.subscribe(channel, listener as (payload: unknown) => void)
    },

    close: () => events.close(),
  }
}

/**
 * The token arrives once, in the fragment of the URL `npm start` printed (a fragment never reaches a
 * server or a Referer). It is kept in sessionStorage so a reload of this tab works, and removed
 * from the address bar at once so it does not end up in screenshots, bookmarks or shared links. A
 * fragment token wins over a stored one: it belongs to a newer launch.
 */
function takeAccessToken(
  env: Pick<BrowserBridgeEnvironment, 'location' | 'history' | 'sessionStorage'>,
): string | undefined {
  const params = new URLSearchParams(env.location.hash.replace(/^#/, ''))
  const fromHash = params.get(TOKEN_FRAGMENT_PARAM)
  if (fromHash !== null) {
    params.delete(TOKEN_FRAGMENT_PARAM)
    const rest = params.toString()
    env.history.replaceState(
      env.history.state,
      '',
      env.location.pathname + env.location.search + (rest === '' ? '' : `#${rest}`),
    )
    // Anything else cannot be ours, and could not go into a header anyway (fetch would throw).
    if (/^[A-Za-z0-9_-]{16,512}$/.test(fromHash)) {
      try {
        env.sessionStorage?.setItem(TOKEN_STORAGE_KEY, fromHash)
      } catch {
        // Storage refused (privacy settings): the token works until this page is reloaded.
      }
      return fromHash
    }
  }
  try {
    return env.sessionStorage?.getItem(TOKEN_STORAGE_KEY) ?? undefined
  } catch {
    return undefined
  }
}

function defaultEnvironment(): BrowserBridgeEnvironment {
  return {
    // Called through a wrapper: `fetch` must run with the window as `this`.
    fetch: (input, init) => fetch(input, init),
    location: window.location,
    history: window.history,
    sessionStorage: safeSessionStorage(),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    reconnectDelaysMs: DEFAULT_RECONNECT_DELAYS_MS,
    report: (message, error) => console.warn(`[playground] ${message}`, error ?? ''),
  }
}

/** Reading `window.sessionStorage` itself throws when the browser blocks storage. */
function safeSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage
  } catch {
    return undefined
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
