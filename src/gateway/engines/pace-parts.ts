import type { StreamPart } from '../../shared/chat/stream-part'

/**
 * Releases parts on a schedule: part i is due `delaysMs[0] + … + delaysMs[i]` after the start. All
 * parts already due are yielded as one batch, so 3,000 tokens/s (a due time every 0.33 ms, far below
 * timer resolution) become ~1 ms batches of several parts instead of a falling-behind timer chain.
 * Due times are absolute, so timer lateness never accumulates into a slower stream.
 */
export async function* paceParts(
  parts: readonly StreamPart[],
  delaysMs: readonly number[],
  signal: AbortSignal,
  now: () => number = () => performance.now(),
): AsyncGenerator<StreamPart[]> {
  const start = now()
  let due = 0
  let index = 0
  while (index < parts.length) {
    if (signal.aborted) return
    due += delaysMs[index] ?? 0
    const wait = start + due - now()
    if (wait > 0) await sleep(wait, signal)
    if (signal.aborted) return
    const batch: StreamPart[] = []
    const elapsed = now() - start
    // Take this part and every following one whose due time has passed.
    let batchDue = due
    for (;;) {
      batch.push(parts[index] as StreamPart)
      index++
      if (index >= parts.length) break
      const nextDue = batchDue + (delaysMs[index] ?? 0)
      if (nextDue > elapsed) break
      batchDue = nextDue
    }
    due = batchDue
    yield batch
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms)
    function done(): void {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done, { once: true })
  })
}
