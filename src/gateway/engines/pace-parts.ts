import type { StreamPart } from '@shared/chat/stream-part'

/** A part of a reply and the wait, in whole milliseconds, before it is written. */
export type PacedPart = { part: StreamPart; delayMs: number }

/**
 * Releases parts on a schedule: each step is due its `delayMs` after the one before it (the first
 * after the start). All steps already due are yielded as one batch, so 3,000 tokens/s (a due time
 * every 0.33 ms, far below timer resolution) become ~1 ms batches of several parts instead of a
 * falling-behind timer chain. Due times are absolute, so timer lateness never accumulates into a
 * slower stream. Steps are read one ahead of what went out, as they are needed: a simulation makes its
 * parts as they are read.
 */
export async function* paceParts(
  steps: Iterable<PacedPart>,
  signal: AbortSignal,
  now: () => number = () => performance.now(),
): AsyncGenerator<StreamPart[]> {
  const start = now()
  const iterator = steps[Symbol.iterator]()
  let next = iterator.next()
  let due = 0
  while (!next.done) {
    if (signal.aborted) return
    due += next.value.delayMs
    const wait = start + due - now()
    if (wait > 0) await sleep(wait, signal)
    if (signal.aborted) return
    const batch: StreamPart[] = [next.value.part]
    const elapsed = now() - start
    // Take this part and every following one whose due time has passed.
    for (;;) {
      next = iterator.next()
      if (next.done || due + next.value.delayMs > elapsed) break
      due += next.value.delayMs
      batch.push(next.value.part)
    }
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
