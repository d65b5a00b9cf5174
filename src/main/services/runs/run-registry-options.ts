import { randomUUID } from 'node:crypto'
import type { CatalogModel } from '@shared/catalog'
import type { RunStartInput, RunUpdate } from '@shared/runs/run-types'
import type { Logger } from '../log/logger'
import { undiciConnectionWatcher, type ConnectionWatcher } from './connection-watcher'
import { timeoutFrameScheduler, type FrameScheduler } from './run-update-batcher'

/**
 * Where a profile's requests go. `apiKey: null` = no key saved: the run fails before sending anything.
 * `recordTo`: the absolute folder every chat exchange of this target is also written to as a cassette.
 */
export type RunTarget = { baseUrl: string; apiKey: string | null; catalog: CatalogModel[]; recordTo?: string }

type RunTimeouts = {
  /** From sending until the connection (TCP + TLS) is open. */
  connectMs: number
  /** From sending until the response headers arrive. */
  headersMs: number
  /** No bytes at all (pings included) for this long while reading a body. Never a wall clock. */
  idleMs: number
}

type RunRetryOptions = {
  /** Extra attempts after the first, only before any content reached the user. */
  maxRetries: number
  /** Longest wait honoured; a server asking for more is not retried (see retry-policy.ts). */
  maxDelayMs: number
}

export type RunRegistryOptions = {
  resolveTarget: (profileId: string) => Promise<RunTarget>
  /** Main hands each update to the renderer (event `chat:update`). */
  emit: (update: RunUpdate) => void
  logger: Logger
  fetch?: typeof fetch
  /** Epoch milliseconds; monotonic by default. Every metric and `atMs` is measured with it. */
  now?: () => number
  /** Coalescing period of updates (one per run per frame); ignored when `scheduleFrame` is given. */
  frameMs?: number
  scheduleFrame?: FrameScheduler
  timeouts?: Partial<RunTimeouts>
  retry?: Partial<RunRetryOptions>
  /** Raw SSE events kept per run for the inspector; later ones are counted out (`rawEventsTruncated`). */
  rawEventCap?: number
  /**
   * TESTS ONLY: extra request headers per attempt (`attempt` 0 is the first send), used to pass the
   * local gateway's `x-simulate` fault injection. The app never sets it; the renderer cannot reach it
   * (it is not part of the IPC input).
   */
  testHeaders?: (input: RunStartInput, attempt: number) => Record<string, string>
  /** How connections are observed for the connect timeout; Node's fetch (undici) by default. */
  connectionWatcher?: ConnectionWatcher
  /** Jitter source for backoff. */
  random?: () => number
  /** Run ids (uuid by default). */
  newRunId?: () => string
}

const DEFAULT_TIMEOUTS: RunTimeouts = { connectMs: 15_000, headersMs: 60_000, idleMs: 120_000 }
const DEFAULT_RETRY: RunRetryOptions = { maxRetries: 2, maxDelayMs: 60_000 }
const DEFAULT_FRAME_MS = 16
const DEFAULT_RAW_EVENT_CAP = 20_000

export type ResolvedRunRegistryOptions = Required<
  Omit<RunRegistryOptions, 'timeouts' | 'retry' | 'testHeaders' | 'frameMs'>
> & {
  timeouts: RunTimeouts
  retry: RunRetryOptions
  testHeaders: RunRegistryOptions['testHeaders']
}

/** Epoch-aligned but monotonic: a wall-clock jump (NTP, sleep) cannot make a duration negative. */
function monotonicEpochNow(): number {
  return performance.timeOrigin + performance.now()
}

export function resolveRunRegistryOptions(options: RunRegistryOptions): ResolvedRunRegistryOptions {
  return {
    resolveTarget: options.resolveTarget,
    emit: options.emit,
    logger: options.logger,
    // Looked up at call time, not captured: tests and shells may replace the global.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    now: options.now ?? monotonicEpochNow,
    scheduleFrame: options.scheduleFrame ?? timeoutFrameScheduler(options.frameMs ?? DEFAULT_FRAME_MS),
    timeouts: { ...DEFAULT_TIMEOUTS, ...options.timeouts },
    retry: { ...DEFAULT_RETRY, ...options.retry },
    rawEventCap: options.rawEventCap ?? DEFAULT_RAW_EVENT_CAP,
    testHeaders: options.testHeaders,
    connectionWatcher: options.connectionWatcher ?? undiciConnectionWatcher,
    random: options.random ?? Math.random,
    newRunId: options.newRunId ?? randomUUID,
  }
}
