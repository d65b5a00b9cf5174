/**
 * Where things are in the bytes of a chat request body that JSON.parse accepted: its top-level keys in
 * order, and where each element of its top-level `messages` array ends. chat-body-memo.ts uses it to
 * parse a body that begins like a recent one from where they part.
 *
 * Written by hand: no JSON library reports byte offsets of array elements, and this needs only the
 * structure (strings are skipped with indexOf, their contents never looked at), so it is far cheaper
 * than the parse it spares. It trusts its input to be valid JSON: it is only ever given bytes that
 * JSON.parse has accepted.
 */

export type ChatBodyLayout = {
  /** Top-level keys before `messages`, in order. */
  keysBefore: string[]
  /** Offset just past the end of each element of `messages` (before the `,` or `]` after it). */
  elementEnds: number[]
}

export const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_OBJECT = 0x7b
export const CLOSE_OBJECT = 0x7d
const OPEN_ARRAY = 0x5b
export const CLOSE_ARRAY = 0x5d
export const COMMA = 0x2c
const COLON = 0x3a
const textDecoder = new TextDecoder()

function isJsonWhitespace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09
}

export function skipWhitespace(bytes: Uint8Array, at: number): number {
  while (isJsonWhitespace(bytes[at])) at++
  return at
}

/** Offset just past the string literal that opens at `at` (a quote). */
function skipString(bytes: Uint8Array, at: number): number {
  let end = bytes.indexOf(QUOTE, at + 1)
  for (;;) {
    if (end === -1) throw new SyntaxError('unterminated string')
    // Escaped when an odd number of backslashes stands before it.
    let backslashes = 0
    while (bytes[end - 1 - backslashes] === BACKSLASH) backslashes++
    if (backslashes % 2 === 0) return end + 1
    end = bytes.indexOf(QUOTE, end + 1)
  }
}

/** Offset just past the value that starts at `at`. */
function skipValue(bytes: Uint8Array, at: number): number {
  const first = bytes[at]
  if (first === QUOTE) return skipString(bytes, at)
  if (first !== OPEN_OBJECT && first !== OPEN_ARRAY) {
    // A number, true, false or null: up to the next delimiter.
    while (at < bytes.length) {
      const byte = bytes[at]
      if (byte === COMMA || byte === CLOSE_OBJECT || byte === CLOSE_ARRAY || isJsonWhitespace(byte)) break
      at++
    }
    return at
  }
  let depth = 0
  for (let i = at; i < bytes.length; i++) {
    const byte = bytes[i]
    if (byte === QUOTE) i = skipString(bytes, i) - 1
    else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) depth++
    else if ((byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) && --depth === 0) return i + 1
  }
  throw new SyntaxError('unterminated value')
}

/**
 * The elements of an array from `at` (just inside its `[`, or just past an element) to its `]`: where
 * each ends, appended to `ends`, and where the `]` is.
 */
export function scanArrayElements(
  bytes: Uint8Array,
  at: number,
  ends: number[] = [],
): { ends: number[]; close: number } {
  at = skipWhitespace(bytes, at)
  if (bytes[at] === COMMA) at = skipWhitespace(bytes, at + 1)
  while (bytes[at] !== CLOSE_ARRAY) {
    if (at >= bytes.length) throw new SyntaxError('unterminated array')
    at = skipValue(bytes, at)
    ends.push(at)
    at = skipWhitespace(bytes, at)
    if (bytes[at] === COMMA) at = skipWhitespace(bytes, at + 1)
    else if (bytes[at] !== CLOSE_ARRAY) throw new SyntaxError('expected , or ]')
  }
  return { ends, close: at }
}

/**
 * The layout of a body that is one object with a `messages` array, or undefined for any other shape,
 * or one whose top-level keys repeat (JSON.parse keeps the last of a repeated key, and a body read from
 * where it parts from another must come out the same; such bodies are simply not remembered).
 */
export function chatBodyLayout(bytes: Uint8Array): ChatBodyLayout | undefined {
  let at = skipWhitespace(bytes, 0)
  if (bytes[at] !== OPEN_OBJECT) return undefined
  at = skipWhitespace(bytes, at + 1)
  const keys = new Set<string>()
  const keysBefore: string[] = []
  let elementEnds: number[] | undefined
  while (bytes[at] !== CLOSE_OBJECT) {
    if (bytes[at] !== QUOTE) return undefined
    const keyEnd = skipString(bytes, at)
    const key = JSON.parse(textDecoder.decode(bytes.subarray(at, keyEnd))) as string
    if (keys.has(key)) return undefined
    keys.add(key)
    at = skipWhitespace(bytes, keyEnd)
    if (bytes[at] !== COLON) return undefined
    at = skipWhitespace(bytes, at + 1)
    if (key === 'messages' && bytes[at] === OPEN_ARRAY) {
      const array = scanArrayElements(bytes, at + 1)
      elementEnds = array.ends
      at = array.close + 1
    } else {
      if (elementEnds === undefined) keysBefore.push(key)
      at = skipValue(bytes, at)
    }
    at = skipWhitespace(bytes, at)
    if (bytes[at] === COMMA) at = skipWhitespace(bytes, at + 1)
  }
  return elementEnds === undefined ? undefined : { keysBefore, elementEnds }
}
