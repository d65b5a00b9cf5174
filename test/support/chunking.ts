import fc from 'fast-check'

/** Cut `bytes` at the given sorted positions (out-of-range and duplicate cuts are ignored). */
function splitAt(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const pieces: Uint8Array[] = []
  let start = 0
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    if (cut <= start || cut >= bytes.length) continue
    pieces.push(bytes.subarray(start, cut))
    start = cut
  }
  pieces.push(bytes.subarray(start))
  return pieces
}

/** Every piece `size` bytes long (the last may be shorter): 1-byte pieces split every UTF-8 sequence. */
export function splitEvery(bytes: Uint8Array, size: number): Uint8Array[] {
  const pieces: Uint8Array[] = []
  for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.subarray(i, i + size))
  return pieces
}

/** A fast-check arbitrary of arbitrary re-chunkings of `bytes`. */
export function arbitraryChunking(bytes: Uint8Array): fc.Arbitrary<Uint8Array[]> {
  return fc
    .array(fc.integer({ min: 1, max: Math.max(1, bytes.length - 1) }), { maxLength: 64 })
    .map((cuts) => splitAt(bytes, cuts))
}

/** The same text with every `\n` turned into `\r\n` (or `\r`), as some servers write it. */
export function withLineEndings(text: string, ending: '\n' | '\r\n' | '\r'): string {
  return ending === '\n' ? text : text.replace(/\n/g, ending)
}

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text)
