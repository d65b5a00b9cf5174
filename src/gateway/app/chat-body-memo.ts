import {
  chatBodyLayout,
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  COMMA,
  QUOTE,
  scanArrayElements,
  skipWhitespace,
} from './chat-body-layout'

/**
 * JSON.parse for chat request bodies that begin like a recent one. A chat sends its whole history with
 * every turn, so all of a send into a long conversation but its new turn are the bytes of the pane's
 * last request: decoding and parsing them again was most of the gateway's work (and garbage) on such a
 * send (performance.md S1). Here the bytes both share are compared (a memory
 * compare), the messages they both hold are taken from the earlier parse, and only the rest is parsed.
 *
 * The value is the one JSON.parse gives for the same bytes, or none at all: the caller then parses the
 * body whole, and a body that is not valid JSON gets its usual error. The messages handed out are
 * shared with later requests, so they are frozen.
 */
export type ChatBodyMemo = {
  /** The value of `bytes` (strict UTF-8 JSON), from a recent body it begins like; undefined when none helps. */
  parse(bytes: Uint8Array): { value: unknown } | undefined
  /** A body JSON.parse read whole, remembered for the bodies that will begin like it. */
  remember(bytes: Uint8Array, value: unknown): void
}

type Entry = {
  bytes: Uint8Array
  keysBefore: readonly string[]
  valuesBefore: readonly unknown[]
  messages: readonly unknown[]
  elementEnds: readonly number[]
}

/** Smaller bodies are parsed whole: remembering pays off only for long conversations. */
const MIN_BODY_BYTES = 64 * 1024
/** A few conversations (or panes) at once; each entry holds its body and messages alive. */
const MAX_ENTRIES = 4
/** Bodies are compared this many bytes at a time (Buffer.compare: a memcmp). */
const COMPARE_BLOCK = 64 * 1024
/**
 * Strict like the whole-body read, but keeping a byte order mark: one inside a body is not JSON
 * whitespace, and JSON.parse must see it and refuse the body as the whole parse would.
 */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

export function createChatBodyMemo(): ChatBodyMemo {
  let entries: Entry[] = []

  function keep(entry: Entry): void {
    entries = [entry, ...entries.filter((old) => old.bytes !== entry.bytes)].slice(0, MAX_ENTRIES)
  }

  const memo: ChatBodyMemo = {
    remember(bytes, value) {
      if (bytes.length < MIN_BODY_BYTES || !isRecord(value) || !Array.isArray(value['messages'])) return
      const layout = chatBodyLayout(bytes)
      if (layout === undefined || layout.elementEnds.length !== value['messages'].length) return
      const messages = value['messages'] as unknown[]
      messages.forEach(deepFreeze)
      const valuesBefore = layout.keysBefore.map((key) => deepFreeze(value[key]))
      keep({ bytes, keysBefore: layout.keysBefore, valuesBefore, messages, elementEnds: layout.elementEnds })
    },

    parse(bytes) {
      if (bytes.length < MIN_BODY_BYTES) return undefined
      // The entry sharing the most whole messages with this body.
      let best: { entry: Entry; count: number } | undefined
      for (const entry of entries) {
        const count = wholeSharedElements(entry, bytes)
        if (
          count > 0 &&
          (best === undefined || entry.elementEnds[count - 1]! > best.entry.elementEnds[best.count - 1]!)
        ) {
          best = { entry, count }
        }
      }
      if (best === undefined) return undefined
      const read = readRest(best.entry, best.count, bytes)
      if (read !== undefined) keep(read.entry)
      return read && { value: read.value }
    },
  }
  // Whatever a body holds (nesting deeper than any stack, bytes that are not UTF-8), remembering it
  // or reading from it never fails the request: the body is then simply parsed whole, as before.
  return {
    remember(bytes, value) {
      try {
        memo.remember(bytes, value)
      } catch {
        // Not remembered.
      }
    },
    parse(bytes) {
      try {
        return memo.parse(bytes)
      } catch {
        return undefined
      }
    },
  }
}

/**
 * The value of `bytes`, whose first `count` messages are the entry's: only the rest is parsed. With it,
 * the entry the body makes (kept for the bodies that will begin like it).
 */
function readRest(
  entry: Entry,
  count: number,
  bytes: Uint8Array,
): { value: unknown; entry: Entry } | undefined {
  const from = entry.elementEnds[count - 1]!
  // The messages after the shared ones, up to the `]` of the array…
  const { ends, close } = scanArrayElements(bytes, from, entry.elementEnds.slice(0, count))
  const added = JSON.parse(`[0${strictUtf8.decode(bytes.subarray(from, close))}]`) as unknown[]
  // …and the members after it: `}`, or `,` and more members.
  const after = skipWhitespace(bytes, close + 1)
  let tail: Record<string, unknown>
  if (bytes[after] === CLOSE_OBJECT) {
    if (skipWhitespace(bytes, after + 1) !== bytes.length) return undefined
    tail = {}
  } else {
    if (bytes[after] !== COMMA || bytes[skipWhitespace(bytes, after + 1)] !== QUOTE) return undefined
    const members = JSON.parse(`{${strictUtf8.decode(bytes.subarray(after + 1))}`) as unknown
    if (!isRecord(members)) return undefined
    tail = members
  }
  // A repeated key: JSON.parse would keep its last value, which the remembered part cannot know.
  if (Object.hasOwn(tail, 'messages') || entry.keysBefore.some((key) => Object.hasOwn(tail, key))) {
    return undefined
  }
  const messages = [...entry.messages.slice(0, count), ...added.slice(1).map(deepFreeze)]
  const next: Entry = {
    bytes,
    keysBefore: entry.keysBefore,
    valuesBefore: entry.valuesBefore,
    messages,
    elementEnds: ends,
  }
  // Object.fromEntries defines each key as JSON.parse does (`__proto__` included), in the same order.
  const value = Object.fromEntries([
    ...entry.keysBefore.map((key, index) => [key, entry.valuesBefore[index]] as const),
    ['messages', messages],
    ...Object.entries(tail),
  ])
  return { value, entry: next }
}

/** How many leading bytes `a` and `b` share. */
function sharedPrefixLength(a: Uint8Array, b: Uint8Array): number {
  const limit = Math.min(a.length, b.length)
  for (let at = 0; at < limit; at += COMPARE_BLOCK) {
    const end = Math.min(limit, at + COMPARE_BLOCK)
    if (Buffer.compare(a.subarray(at, end), b.subarray(at, end)) !== 0) {
      let same = at
      while (a[same] === b[same]) same++
      return same
    }
  }
  return limit
}

/**
 * How many of the entry's messages `bytes` holds too, byte for byte and whole: the bytes up to the end
 * of each are shared, and in `bytes` a `,` or `]` follows it (`12` is not whole in `12.5`).
 */
function wholeSharedElements(entry: Entry, bytes: Uint8Array): number {
  const shared = sharedPrefixLength(entry.bytes, bytes)
  const ends = entry.elementEnds
  let low = 0
  let high = ends.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (ends[middle]! <= shared) low = middle + 1
    else high = middle
  }
  let count = low
  while (count > 0) {
    const next = bytes[skipWhitespace(bytes, ends[count - 1]!)]
    if (next === COMMA || next === CLOSE_ARRAY) break
    count--
  }
  return count
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Freezes `value` and everything in it; iterative, as a body may nest deeper than the stack goes. */
function deepFreeze<T>(value: T): T {
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const next = pending.pop()
    if (typeof next !== 'object' || next === null || Object.isFrozen(next)) continue
    Object.freeze(next)
    for (const member of Object.values(next)) pending.push(member)
  }
  return value
}
