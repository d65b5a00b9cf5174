import { decodeGenerator, encode } from 'gpt-tokenizer/encoding/o200k_base'
import { forEachTokenWindow, PLAIN_TEXT } from '../../../shared/tokens/count-text-tokens'

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
