import { memoizeLongText, type LongTextMemoLimits } from '../cache/long-text-memo'

/**
 * JSON text that is printable ASCII: every character outside U+0020–U+007E written as `\uXXXX`.
 *
 * Why: JSON.stringify leaves U+007F–U+009F, U+2028/2029, bidi controls and all non-ASCII raw; pasted
 * into a terminal they can be invisible or reorder the command (security.md §3). Dialects serialize
 * request bodies with this, so the generated curl carries the very bytes that are sent. Escaping is
 * safe at character level: in valid JSON these characters only occur inside strings, where `\uXXXX`
 * means the same character. Lone surrogates are already escaped by JSON.stringify (ES2019). Tab, LF
 * and CR are left alone: valid JSON only has them raw as whitespace between tokens (pretty-printed
 * text), where an escape would be a syntax error.
 */
export function escapeJsonNonAscii(jsonText: string): string {
  return jsonText.replace(
    /[^\x20-\x7e\t\n\r]/g,
    (ch) => '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0'),
  )
}

/** `escapeJsonNonAscii(JSON.stringify(text))` of one string: a JSON string literal in printable ASCII. */
function asciiStringLiteral(text: string): string {
  return escapeJsonNonAscii(JSON.stringify(text))
}

/**
 * `escapeJsonNonAscii(JSON.stringify(value))`, the same text, with the literal of each long string
 * remembered. A send into a long chat carries the same settled turns every time, and stringifying
 * and escaping them all again was a large share of a send into the 1M-token conversation (performance.md
 * S1); with the turns' literals kept, only the new turn is escaped and the rest is joined.
 *
 * The walk covers what dialects build: plain objects, arrays, strings, numbers, booleans and null.
 * Anything else inside (a toJSON method, a class instance, a bigint, a cycle) hands the whole value
 * to JSON.stringify, so the text, or the error, is never different from it.
 */
export function createAsciiJsonWriter(limits: LongTextMemoLimits): {
  write(value: unknown): string
  /** The same text in pieces, in order (the remembered literals among them): `write` is their join. */
  pieces(value: unknown): string[]
  /** The literal of one string, remembered when long: readies a turn of a conversation just opened. */
  literal(text: string): string
} {
  const longLiteral = memoizeLongText(asciiStringLiteral, limits)

  function write(value: unknown, out: string[], ancestors: object[]): void {
    if (typeof value === 'string') {
      out.push(longLiteral(value))
      return
    }
    if (value === null || typeof value === 'number' || typeof value === 'boolean') {
      out.push(JSON.stringify(value))
      return
    }
    if (!isPlainData(value) || ancestors.includes(value)) throw NOT_PLAIN_DATA
    ancestors.push(value)
    if (Array.isArray(value)) {
      out.push('[')
      for (let i = 0; i < value.length; i++) {
        if (i > 0) out.push(',')
        const item: unknown = value[i]
        if (isDroppedByJson(item)) out.push('null')
        else write(item, out, ancestors)
      }
      out.push(']')
    } else {
      out.push('{')
      let first = true
      for (const key of Object.keys(value)) {
        const member: unknown = (value as Record<string, unknown>)[key]
        if (isDroppedByJson(member)) continue
        if (!first) out.push(',')
        first = false
        out.push(asciiStringLiteral(key), ':')
        write(member, out, ancestors)
      }
      out.push('}')
    }
    ancestors.pop()
  }

  /**
   * Whether `value` may hold a string the memo keeps: else the native writer is faster (most bodies
   * are small). Past a few thousand values it answers yes and lets the walk decide (it also stops
   * a cycle, which JSON.stringify refuses anyway).
   */
  function holdsLongString(value: unknown, budget: { values: number }): boolean {
    if (typeof value === 'string') return value.length >= limits.minChars
    if (value === null || typeof value !== 'object') return false
    if (--budget.values < 0) return true
    for (const member of Array.isArray(value) ? value : Object.values(value)) {
      if (holdsLongString(member, budget)) return true
    }
    return false
  }

  function pieces(value: unknown): string[] {
    if (isPlainData(value) && holdsLongString(value, { values: 4096 })) {
      const out: string[] = []
      try {
        write(value, out, [])
        return out
      } catch (error) {
        // Nested deeper than this walk's stack allows: JSON.stringify, whose own limit is deeper, decides.
        if (error !== NOT_PLAIN_DATA && !(error instanceof RangeError)) throw error
      }
    }
    return [escapeJsonNonAscii(JSON.stringify(value))]
  }

  return { write: (value) => pieces(value).join(''), pieces, literal: longLiteral }
}

/** Thrown inside the walk when JSON.stringify itself must write (or refuse) the value. */
const NOT_PLAIN_DATA = new Error('not plain data')

/** A member JSON.stringify leaves out of an object (and writes as null in an array). */
function isDroppedByJson(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol'
}

/** An array or an object of the Object prototype (or none), without a toJSON to call. */
function isPlainData(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return false
  const prototype: unknown = Object.getPrototypeOf(value)
  return prototype === Array.prototype || prototype === Object.prototype || prototype === null
}

/**
 * Kept: strings of 1,024 characters and more (a turn worth remembering), up to 8M characters in all
 * (room for both panes of the 1M-token conversation, performance.md S1). The keys are the very strings
 * the conversation holds; the literals are mostly their size again (more for non-ASCII text, written
 * as \uXXXX).
 */
const requestBodyWriter = createAsciiJsonWriter({ minChars: 1024, maxChars: 8 * 1024 * 1024 })

export const toAsciiJson = (value: unknown): string => requestBodyWriter.write(value)

/** `toAsciiJson(value)` in pieces: a request body can be written as bytes without being one string first. */
export const toAsciiJsonPieces = (value: unknown): string[] => requestBodyWriter.pieces(value)

/**
 * Readies the literal of one of a conversation's texts before its first send (main's
 * conversation-readying.ts, when one is opened): else that send escapes the whole transcript between
 * the click and the request.
 */
export const readyAsciiJsonLiteral = (text: string): void => void requestBodyWriter.literal(text)
