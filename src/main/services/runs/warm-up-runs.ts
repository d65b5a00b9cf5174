import type { DialectId } from '@shared/chat/chat-request'
import type { TerminalState } from '@shared/runs/run-types'
import { dialectList } from '@shared/dialects'
import { createRunRegistry } from './create-run-registry'
import type { RunRegistryOptions } from './run-registry-options'

/** How long a warm-up run may take before it is given up on (the default pacing ends one in < 1 s). */
const WARM_UP_TIMEOUT_MS = 10_000

const quiet = { info() {}, warn() {}, error() {} }

/**
 * One short run per dialect against the local gateway, shown to nobody: V8 compiles a function the
 * first time it runs, and a send runs code nothing else has run yet (the dialect's request writer,
 * fetch and its connection, the SSE reader, the update batcher; in the gateway's thread the chat
 * handler, the decoder, the simulator and the stream encoder). Without this, the first send after a
 * start paid for that compiling while the user waited (performance.md S1).
 *
 * Only ever the local gateway, and a model it simulates: a hosted gateway, or a model the local one
 * proxies, would count the request against the user's quota. Its own registry, so no update reaches
 * the renderer and the app's runs are not disturbed. Resolves with how each run ended once they have
 * (none when there is no model to ask); never throws.
 */
export async function warmUpRuns(options: {
  resolveTarget: RunRegistryOptions['resolveTarget']
  profileId: string
  /**
   * Whether the gateway answers a model itself: a model it proxies would send the warm-up on to a
   * real upstream (and its quota), so only a simulated one is asked.
   */
  simulates: (model: string) => boolean
}): Promise<TerminalState[]> {
  let model: string | undefined
  try {
    const { catalog } = await options.resolveTarget(options.profileId)
    model = catalog.find((record) => options.simulates(record.model))?.model
  } catch {
    return []
  }
  if (model === undefined) return []
  const ended = new Map<string, (state: TerminalState) => void>()
  const registry = createRunRegistry({
    logger: quiet,
    resolveTarget: options.resolveTarget,
    emit: (update) => {
      if (update.terminal !== undefined) ended.get(update.runId)?.(update.terminal.state)
    },
  })
  const run = (dialect: DialectId): Promise<TerminalState> =>
    new Promise<TerminalState>((resolve) => {
      const { runId } = registry.start({
        profileId: options.profileId,
        dialect,
        request: {
          model: model as string,
          messages: [{ role: 'user', content: [{ type: 'text', text: 'A warm-up request.' }] }],
          stream: true,
          maxTokens: 8,
        },
      })
      const timer = setTimeout(() => registry.cancel(runId), WARM_UP_TIMEOUT_MS)
      timer.unref()
      ended.set(runId, (state) => {
        clearTimeout(timer)
        resolve(state)
      })
    })
  // One after the other: each dialect's first run compiles most of what the other's needs too.
  const states: TerminalState[] = []
  for (const dialect of dialectList.map((entry) => entry.id)) states.push(await run(dialect))
  return states
}
