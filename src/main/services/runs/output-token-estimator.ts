import { countTokens } from 'gpt-tokenizer/encoding/o200k_base'

/** Special-token text (`<|endoftext|>`) in a reply is plain text: don't let the tokenizer throw on it. */
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() }
/**
 * A run of text without whitespace is committed once it gets this long. BPE cost grows faster than
 * linearly with one pre-tokenized piece (base64, minified JSON arguments), and the tail is counted
 * again on every snapshot, so it must stay short. Cutting costs at most a token per cut.
 */
const MAX_TAIL_CHARS = 128

function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d
}

/**
 * A space right after a non-whitespace character starts a new o200k pre-token (` word`, ` 42`,
 * ` (`) and no pre-token reaches across it, so counting both sides apart is exact. Newlines are
 * not safe cut points: a punctuation pre-token swallows the newlines after it (`.\n\n`).
 */
function isCutPoint(text: string, index: number): boolean {
  return text.charCodeAt(index) === 0x20 && index > 0 && !isWhitespace(text.charCodeAt(index - 1))
}

/**
 * A live output-token count for servers that report no usage until the end (or never): the text,
 * reasoning and tool arguments received so far, tokenized with o200k_base.
 *
 * Incremental, so a delta costs its own length, never the reply's: text is committed (counted once,
 * for good) up to the last space that starts a word, a cut the o200k pre-tokenizer also makes (a
 * word's leading space belongs to the word), so the sum equals tokenizing the whole text. Only the
 * short uncommitted tail is counted again, and only when a total is asked for (once per frame). Each
 * channel (text, reasoning, each tool call) has its own tail: they are separate texts.
 */
export type OutputTokenEstimator = {
  add(channel: string, text: string): void
  total(): number
}

export function createOutputTokenEstimator(): OutputTokenEstimator {
  let committed = 0
  const tails = new Map<string, string>()

  function commit(text: string): void {
    if (text.length > 0) committed += countTokens(text, PLAIN_TEXT)
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
        if (isCutPoint(tail, i)) {
          cut = i
          break
        }
      }
      if (cut > 0) {
        commit(tail.slice(0, cut))
        tail = tail.slice(cut)
      }
      if (tail.length > MAX_TAIL_CHARS) {
        // Keep a trailing high surrogate with its partner, which is still on its way.
        const last = tail.charCodeAt(tail.length - 1)
        const keep = last >= 0xd800 && last <= 0xdbff ? 1 : 0
        commit(tail.slice(0, tail.length - keep))
        tail = tail.slice(tail.length - keep)
      }
      tails.set(channel, tail)
    },
    total() {
      let total = committed
      for (const tail of tails.values()) if (tail.length > 0) total += countTokens(tail, PLAIN_TEXT)
      return total
    },
  }
}
