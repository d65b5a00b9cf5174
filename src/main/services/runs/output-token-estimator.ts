import { countTextTokens, isTokenCutPoint, MAX_RUN_CHARS } from '@shared/tokens/count-text-tokens'

/**
 * The uncommitted tail of a channel is committed once it gets this long: it is counted again on every
 * snapshot, so it must stay short. One run (MAX_RUN_CHARS) is where the shared counter cuts anyway.
 */
const MAX_TAIL_CHARS = MAX_RUN_CHARS

/**
 * A live output-token count for servers that report no usage until the end (or never): the text,
 * reasoning and tool arguments received so far, tokenized with o200k_base.
 *
 * Incremental, so a delta costs its own length, never the reply's: text is committed (counted once,
 * for good) up to the last cut point the o200k pre-tokenizer also makes (isTokenCutPoint), so the sum
 * equals tokenizing the whole text. Committed text is counted in bounded pieces (countTextTokens): one
 * long delta of a single repeated letter could otherwise block main for a minute (performance.md M1). Only
 * the short uncommitted tail is counted again, and only when a total is asked for (once per frame).
 * Each channel (text, reasoning, each tool call) has its own tail: they are separate texts.
 */
export type OutputTokenEstimator = {
  add(channel: string, text: string): void
  total(): number
  /** The tokens of one channel so far (the reasoning's, for "thought for … · N tokens"). */
  channelTotal(channel: string): number
}

export function createOutputTokenEstimator(): OutputTokenEstimator {
  let committed = 0
  const committedByChannel = new Map<string, number>()
  const tails = new Map<string, string>()

  function commit(channel: string, text: string): void {
    if (text.length === 0) return
    const tokens = countTextTokens(text)
    committed += tokens
    committedByChannel.set(channel, (committedByChannel.get(channel) ?? 0) + tokens)
  }

  return {
    add(channel, text) {
      if (text.length === 0) return
      const before = tails.get(channel) ?? ''
      let tail = before + text
      // Only the new text can hold a new cut point (the old tail had none past its first character);
      // its first character may pair with the old tail's last one.
      let cut = -1
      for (let i = tail.length - 1; i >= Math.max(1, before.length); i--) {
        if (isTokenCutPoint(tail, i)) {
          cut = i
          break
        }
      }
      if (cut > 0) {
        commit(channel, tail.slice(0, cut))
        tail = tail.slice(cut)
      }
      if (tail.length > MAX_TAIL_CHARS) {
        // Keep a trailing high surrogate with its partner, which is still on its way.
        const last = tail.charCodeAt(tail.length - 1)
        const keep = last >= 0xd800 && last <= 0xdbff ? 1 : 0
        commit(channel, tail.slice(0, tail.length - keep))
        tail = tail.slice(tail.length - keep)
      }
      tails.set(channel, tail)
    },
    total() {
      let total = committed
      for (const tail of tails.values()) if (tail.length > 0) total += countTextTokens(tail)
      return total
    },
    channelTotal(channel) {
      const tail = tails.get(channel) ?? ''
      return (committedByChannel.get(channel) ?? 0) + (tail.length > 0 ? countTextTokens(tail) : 0)
    },
  }
}
