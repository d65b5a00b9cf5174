import type { ConnectionHooks } from './connection-watcher'
import { hostLabel, seconds } from './describe-network-failure'
import type { ResolvedRunRegistryOptions } from './run-registry-options'
import type { RunSession } from './run-session'

export type AttemptTimers = {
  /** What the connection watcher tells the timers of this attempt's request. */
  hooks: ConnectionHooks
  /** The response headers arrived, or the fetch failed: neither timer may act any more. */
  clear(): void
}

/**
 * The connect and headers timers of one attempt, both counting from sending. The connect timer only
 * acts when the watcher saw this request reach the transport, so a fetch it cannot observe never gets
 * a false "could not connect": the headers timer covers connecting for it.
 */
export function startAttemptTimers(
  session: RunSession,
  url: string,
  timeouts: ResolvedRunRegistryOptions['timeouts'],
): AttemptTimers {
  const host = hostLabel(url)
  let watched = false
  let connected = false
  const connectTimer = setTimeout(() => {
    if (!watched || connected) return
    session.finish({
      state: 'timeout',
      message: `Could not connect to ${host} within ${seconds(timeouts.connectMs)} (connect timeout). Check the base URL and your network connection.`,
    })
  }, timeouts.connectMs)
  const headersTimer = setTimeout(() => {
    session.finish({
      state: 'timeout',
      message: `${host} did not answer within ${seconds(timeouts.headersMs)} (no response headers).`,
    })
  }, timeouts.headersMs)
  return {
    hooks: {
      onRequest: () => {
        watched = true
      },
      onConnected: () => {
        connected = true
        clearTimeout(connectTimer)
      },
    },
    clear() {
      clearTimeout(connectTimer)
      clearTimeout(headersTimer)
    },
  }
}
