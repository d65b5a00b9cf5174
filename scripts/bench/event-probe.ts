// A second listener on the browser host's event stream (every event goes to every connected page):
// what main sent the renderer, when, per run. Used for I1 (one update per run per frame, none lost or
// reordered) and as one of the sources of the correctness check (the text that went over IPC).
import { TOKEN_HEADER } from '@shared/ipc/browser-transport'
import { createSseParser } from '@shared/dialects/sse/sse-parser'
import type { RunUpdate } from '@shared/runs/run-types'

export type RunTrace = {
  runId: string
  /** Arrival times (ms, performance.now() of this process) and seq of each update. */
  arrivals: Array<{ t: number; seq: number; textChars: number }>
  text: string
  /** Arrival of the first update carrying text, and of the terminal update. */
  firstTextAt?: number
  /** Arrival of the first update carrying text or thinking: when the pane starts streaming. */
  firstContentAt?: number
  terminalAt?: number
  terminalState?: string
}

export type EventProbe = {
  runs: Map<string, RunTrace>
  close(): void
}

export async function attachEventProbe(origin: string, token: string): Promise<EventProbe> {
  const controller = new AbortController()
  const response = await fetch(`${origin}/api/events`, {
    headers: { [TOKEN_HEADER]: token, origin },
    signal: controller.signal,
  })
  if (!response.ok || !response.body) throw new Error(`event stream refused: ${response.status}`)
  const runs = new Map<string, RunTrace>()
  const parser = createSseParser({
    onEvent: (event) => {
      if (event.event !== 'chat:update') return
      const t = performance.now()
      const update = JSON.parse(event.data) as RunUpdate
      let run = runs.get(update.runId)
      if (run === undefined) runs.set(update.runId, (run = { runId: update.runId, arrivals: [], text: '' }))
      let textChars = 0
      let thinking = false
      for (const part of update.parts ?? []) {
        if (part.type === 'reasoning-delta') thinking = true
        if (part.type !== 'text-delta') continue
        run.text += part.text
        textChars += part.text.length
      }
      if (textChars > 0 && run.firstTextAt === undefined) run.firstTextAt = t
      if ((textChars > 0 || thinking) && run.firstContentAt === undefined) run.firstContentAt = t
      if (update.terminal !== undefined) {
        run.terminalAt = t
        run.terminalState = update.terminal.state
      }
      run.arrivals.push({ t, seq: update.seq, textChars })
    },
  })
  const reader = response.body.getReader()
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return
        parser.feed(value)
      }
    } catch {
      // Aborted at close.
    }
  })()
  return { runs, close: () => controller.abort() }
}

export type UpdateCadence = {
  updates: number
  /** seq ran 0, 1, 2… without a gap or a reorder. */
  seqContiguous: boolean
  /** Intervals between two updates of the run (the terminal update is sent at once: excluded). */
  minIntervalMs: number
  medianIntervalMs: number
  /** Intervals shorter than 8 ms: two updates in one 60 Hz frame (arrival jitter included). */
  intervalsUnder8ms: number
  updatesPerSecond: number
}

export function updateCadence(run: RunTrace): UpdateCadence {
  const seqContiguous = run.arrivals.every((arrival, index) => arrival.seq === index)
  const streaming = run.arrivals.slice(0, -1)
  const intervals: number[] = []
  for (let i = 1; i < streaming.length; i++) {
    const previous = streaming[i - 1]
    const current = streaming[i]
    if (previous && current) intervals.push(current.t - previous.t)
  }
  intervals.sort((a, b) => a - b)
  const first = run.arrivals[0]
  const last = run.arrivals.at(-1)
  const seconds = first && last ? (last.t - first.t) / 1000 : 0
  return {
    updates: run.arrivals.length,
    seqContiguous,
    minIntervalMs: intervals[0] ?? NaN,
    medianIntervalMs: intervals[Math.floor(intervals.length / 2)] ?? NaN,
    intervalsUnder8ms: intervals.filter((ms) => ms < 8).length,
    updatesPerSecond: seconds > 0 ? run.arrivals.length / seconds : NaN,
  }
}
