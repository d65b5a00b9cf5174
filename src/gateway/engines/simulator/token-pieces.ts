import { countTokens, decodeGenerator, encode } from 'gpt-tokenizer/encoding/o200k_base'

/**
 * The simulator's tokenizer: o200k_base (GPT-4o family), a real BPE so counts look like a real model's.
 *
 * Two guards around gpt-tokenizer:
 * - special-token text such as `<|endoftext|>` in a prompt would make it throw by default; a model
 *   reads it as plain text, so we disable the special-token check;
 * - BPE cost grows faster than linearly with the length of one pre-tokenized piece, and a run without
 *   whitespace is one piece: 4 MB of random letters took minutes in one call, 1.4 s per MB in 2 KB
 *   slices, 0.2 s per MB in 128-character slices. So text is fed in windows of at most WINDOW_CHARS,
 *   cut just before whitespace (exact for ordinary text), and runs without whitespace are cut every
 *   MAX_RUN_CHARS (measured: 0.1 % more tokens on such a blob, an estimate either way).
 */
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() }
const WINDOW_CHARS = 2048
const MAX_RUN_CHARS = 128

/** Calls `visit` with consecutive slices of `text` that together are `text`, never splitting a pair. */
export function forEachTokenWindow(text: string, visit: (window: string) => void): void {
  let start = 0
  let lastSpace = -1
  let runStart = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d) {
      lastSpace = i
      runStart = i + 1
    } else if (i - runStart >= MAX_RUN_CHARS && !isLowSurrogate(code)) {
      if (i > start) visit(text.slice(start, i))
      start = i
      runStart = i
      lastSpace = -1
      continue
    }
    if (i + 1 - start >= WINDOW_CHARS) {
      // Cut before the last whitespace, so the next window starts with " word" as the tokenizer sees it.
      let cut = lastSpace > start ? lastSpace : i + 1
      if (cut === i + 1 && isLowSurrogate(text.charCodeAt(i + 1))) cut = i
      if (cut > start) {
        visit(text.slice(start, cut))
        start = cut
      }
      lastSpace = -1
    }
  }
  if (start < text.length) visit(text.slice(start))
}

export function countTextTokens(text: string): number {
  let total = 0
  forEachTokenWindow(text, (window) => {
    total += countTokens(window, PLAIN_TEXT)
  })
  return total
}

/**
 * `text` as the pieces a model would stream: one token each, except that a token which ends inside a
 * multi-byte character is merged with the next one(s), so no piece ever holds half a character.
 * The pieces concatenate to exactly `text` (lone surrogates, which UTF-8 cannot carry, are the
 * caller's business: `wellFormed` replaces them).
 */
export function splitIntoTokenPieces(text: string): string[] {
  const pieces: string[] = []
  forEachTokenWindow(text, (window) => {
    const tokens = encode(window, PLAIN_TEXT)
    let windowPieces = decodePieces(tokens)
    // gpt-tokenizer decodes with one streaming TextDecoder shared by all callers: if anyone left half
    // a character in it, our first piece comes out with a U+FFFD in front. Decoding our complete
    // window flushes it, so a second attempt is always clean.
    if (windowPieces.join('') !== window) windowPieces = decodePieces(tokens)
    if (windowPieces.join('') !== window) windowPieces = Array.from(window)
    for (const piece of windowPieces) pieces.push(piece)
  })
  return pieces
}

function decodePieces(tokens: number[]): string[] {
  return [...decodeGenerator(tokens)]
}

/** Replaces lone surrogates with U+FFFD, so the text survives UTF-8 (and the tokenizer) unchanged. */
export function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff
}
