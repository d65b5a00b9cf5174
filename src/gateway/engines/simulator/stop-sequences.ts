/** The first place any stop sequence occurs (the earliest wins; at a tie, the one listed first). */
export function earliestStopSequence(
  text: string,
  sequences: readonly string[],
): { index: number; sequence: string } | undefined {
  let best: { index: number; sequence: string } | undefined
  for (const sequence of sequences) {
    if (sequence === '') continue
    const index = text.indexOf(sequence)
    if (index !== -1 && (best === undefined || index < best.index)) best = { index, sequence }
  }
  return best
}

/**
 * The text of `chunks` up to its earliest stop sequence, as earliestStopSequence finds it in the whole
 * text, passed on as the chunks come: the real APIs leave the stop sequence itself out, and so does
 * this. `found.sequence` is set when one ended the text.
 *
 * What is held back: the last (longest sequence − 1) characters, which may begin a sequence not yet
 * complete; and, once a sequence is seen, everything until every sequence that could start before it
 * is complete too, so the earliest one wins exactly as in the whole text. Written by hand: a streaming
 * form of a 12-line search, no library needed.
 */
export function* untilStopSequence(
  chunks: Iterable<string>,
  sequences: readonly string[],
  found: { sequence?: string },
): Generator<string, void, undefined> {
  const active = sequences.filter((sequence) => sequence !== '')
  if (active.length === 0) {
    yield* chunks
    return
  }
  const hold = Math.max(...active.map((sequence) => sequence.length)) - 1
  let buffer = ''
  for (const chunk of chunks) {
    buffer += chunk
    const stop = earliestStopSequence(buffer, active)
    if (stop === undefined) {
      // No sequence starts in what goes out: one that did would have ended inside the buffer.
      if (buffer.length > hold) {
        yield buffer.slice(0, buffer.length - hold)
        buffer = buffer.slice(buffer.length - hold)
      }
    } else if (buffer.length > stop.index + hold) {
      // Every sequence starting before this one ends inside the buffer: none does, so it is the earliest.
      if (stop.index > 0) yield buffer.slice(0, stop.index)
      found.sequence = stop.sequence
      return
    }
  }
  const stop = earliestStopSequence(buffer, active)
  if (stop !== undefined) found.sequence = stop.sequence
  const rest = stop === undefined ? buffer : buffer.slice(0, stop.index)
  if (rest !== '') yield rest
}
