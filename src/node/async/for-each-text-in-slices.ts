import { setImmediate as nextTurnOfEventLoop } from 'node:timers/promises'
/**
 * Calls `each` on every text, yielding to the event loop after every `sliceChars` of text: work
 * readied ahead of time (a conversation just opened: its token counts, its request literals) never
 * holds up a request that arrives meanwhile for more than one slice.
 */
export async function forEachTextInSlices(
  texts: readonly string[],
  each: (text: string) => void,
  sliceChars = 64 * 1024,
): Promise<void> {
  let sinceYield = 0
  for (const text of texts) {
    each(text)
    sinceYield += text.length
    if (sinceYield >= sliceChars) {
      sinceYield = 0
      await nextTurnOfEventLoop()
    }
  }
}
