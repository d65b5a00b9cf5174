import { decodeGenerator, encode } from 'gpt-tokenizer/encoding/o200k_base'
import { createTokenWindower, PLAIN_TEXT } from '@shared/tokens/count-text-tokens'

/**
 * The simulator's tokenizer: o200k_base (GPT-4o family), a real BPE so counts look like a real model's,
 * fed in bounded windows (src/shared/tokens/count-text-tokens.ts says why) so a reply of any shape
 * costs time linear in its length.
 *
 * `text` as the pieces a model would stream: one token each, except that a token which ends inside a
 * multi-byte character is merged with the next one(s), so no piece ever holds half a character.
 * The pieces concatenate to exactly `text` (lone surrogates, which UTF-8 cannot carry, are the
 * caller's business: `wellFormed` replaces them).
 */
export function splitIntoTokenPieces(text: string): string[] {
  return [...tokenPieces([text])]
}

/**
 * splitIntoTokenPieces of the chunks joined, as the chunks come: each window is tokenized once it is
 * complete, so a reply composed as it streams has its first pieces after its first ~2 KB, not after
 * all of it (the same pieces: the windows do not depend on how the text arrives).
 */
export function* tokenPieces(chunks: Iterable<string>): Generator<string, void, undefined> {
  const windows: string[] = []
  const windower = createTokenWindower((window) => windows.push(window))
  for (const chunk of chunks) {
    windower.push(chunk)
    yield* piecesOfWindows(windows.splice(0))
  }
  windower.end()
  yield* piecesOfWindows(windows.splice(0))
}

function* piecesOfWindows(windows: readonly string[]): Generator<string, void, undefined> {
  for (const window of windows) {
    const tokens = encode(window, PLAIN_TEXT)
    let windowPieces = decodePieces(tokens)
    // gpt-tokenizer decodes with one streaming TextDecoder shared by all callers: if anyone left half
    // a character in it, our first piece comes out with a U+FFFD in front. Decoding our complete
    // window flushes it, so a second attempt is always clean.
    if (windowPieces.join('') !== window) windowPieces = decodePieces(tokens)
    if (windowPieces.join('') !== window) windowPieces = Array.from(window)
    yield* windowPieces
  }
}

function decodePieces(tokens: number[]): string[] {
  return [...decodeGenerator(tokens)]
}

/** Replaces lone surrogates with U+FFFD, so the text survives UTF-8 (and the tokenizer) unchanged. */
export function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
}
