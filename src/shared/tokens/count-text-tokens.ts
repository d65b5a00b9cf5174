import { countTokens } from 'gpt-tokenizer/encoding/o200k_base'

/**
 * Token counting that stays linear in the text, for everything that counts text someone else wrote:
 * the gateway's prompt estimate, the simulator's reply pieces, main's live output-token estimate.
 * o200k_base (GPT-4o family) via gpt-tokenizer, pure JS, so main and the gateway share this file.
 *
 * Why windows: BPE cost grows quadratically with the length of one pre-token piece, and a run the
 * pre-tokenizer does not split is one piece: a pasted run of one letter, of spaces or of base64 could
 * block the thread for minutes (performance.md M1). So text is fed to the tokenizer in windows of at most WINDOW_CHARS, cut at cut points (see
 * isTokenCutPoint: places where the o200k pre-tokenizer always starts a piece, so counting both sides
 * apart is exact), and any stretch of MAX_RUN_CHARS characters without such a
 * cut point (a run of one letter, of spaces or newlines, base64, minified JSON) is cut regardless:
 * a token or two more per cut (0.1 % on a blob of letters), an estimate either way.
 *
 * Special-token text such as `<|endoftext|>` is plain text to a model: the check that would make
 * gpt-tokenizer throw on it is disabled.
 */
export const WINDOW_CHARS = 2048
export const MAX_RUN_CHARS = 128
export const PLAIN_TEXT = { disallowedSpecial: new Set<string>() }

function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d
}

function isAsciiLetterOrDigit(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)
}

/**
 * Where an o200k pre-token always starts, whatever comes before and after:
 * - a space right after a non-whitespace character (` word`, ` 42`, ` (`: a word's leading space
 *   belongs to the word, and no piece ends with a space that is followed by a non-space);
 * - a line break right after a letter or digit (letter and number pieces never take a line break).
 * Not after punctuation: a punctuation piece swallows the line breaks after it (`.\n\n`).
 */
export function isTokenCutPoint(text: string, index: number): boolean {
  if (index === 0) return false
  const code = text.charCodeAt(index)
  const previous = text.charCodeAt(index - 1)
  if (code === 0x20) return !isWhitespace(previous)
  if (code === 0x0a || code === 0x0d) return isAsciiLetterOrDigit(previous)
  return false
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff
}

/**
 * Calls `visit` with consecutive slices of `text` that together are `text`, each at most
 * WINDOW_CHARS long, never splitting a surrogate pair, and never with more than MAX_RUN_CHARS
 * characters (plus one, to keep a pair whole) between cut points.
 */
export function forEachTokenWindow(text: string, visit: (window: string) => void): void {
  const windower = createTokenWindower(visit)
  windower.push(text)
  windower.end()
}

export type TokenWindower = {
  /** More text, after everything pushed before. */
  push(chunk: string): void
  /** The text is complete: the last window goes out (the windower is done with). */
  end(): void
}

/**
 * forEachTokenWindow over text that arrives piece by piece (a simulated reply is tokenized as it is
 * composed, so its first token does not wait for the whole reply): the windows are exactly those of
 * forEachTokenWindow over all the pieces joined, whatever the pieces. A character is looked at only
 * once the one after it has arrived (or the text ended), because a cut is never put before a low
 * surrogate and that needs the next character.
 */
export function createTokenWindower(visit: (window: string) => void): TokenWindower {
  /** The text from the start of the current window on; the offsets below are into it. */
  let text = ''
  /** The next character to look at. */
  let next = 0
  /** The last cut point seen in the current window (-1: none yet). */
  let lastCut = -1
  /** Where the current stretch without a cut point began. */
  let runStart = 0
  let previous = -1

  function scan(limit: number): void {
    // Locals in the loop: it runs over every character of a 4 MB prompt.
    let start = 0
    let cutAt = lastCut
    let run = runStart
    let before = previous
    let i = next
    for (; i < limit; i++) {
      const code = text.charCodeAt(i)
      // isTokenCutPoint, inlined.
      const cutPoint =
        i > start &&
        ((code === 0x20 && !isWhitespace(before)) ||
          ((code === 0x0a || code === 0x0d) && isAsciiLetterOrDigit(before)))
      before = code
      if (cutPoint) {
        cutAt = i
        run = i
      } else if (i - run >= MAX_RUN_CHARS && !isLowSurrogate(code)) {
        // A stretch the pre-tokenizer may read as one long piece: cut it here.
        visit(text.slice(start, i))
        start = i
        run = i
        cutAt = -1
      }
      if (i + 1 - start >= WINDOW_CHARS) {
        // Full: cut at the last cut point, so the next window starts with " word" as the tokenizer sees it.
        const cut = cutAt > start ? cutAt : i + 1
        if (cut < text.length && isLowSurrogate(text.charCodeAt(cut))) continue
        visit(text.slice(start, cut))
        start = cut
        run = Math.max(run, start)
        cutAt = -1
      }
    }
    text = start === 0 ? text : text.slice(start)
    next = i - start
    lastCut = cutAt < 0 ? -1 : cutAt - start
    runStart = run - start
    previous = before
  }

  return {
    push(chunk) {
      if (chunk === '') return
      text = text === '' ? chunk : text + chunk
      scan(text.length - 1)
    },
    end() {
      scan(text.length)
      if (text.length > 0) visit(text)
    },
  }
}

/** Tokens in `text` (o200k_base), in time linear in its length. */
export function countTextTokens(text: string): number {
  let total = 0
  forEachTokenWindow(text, (window) => {
    total += countTokens(window, PLAIN_TEXT)
  })
  return total
}
