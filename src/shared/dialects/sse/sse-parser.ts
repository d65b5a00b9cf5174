import type { SseMessage } from './sse-message'

/**
 * An SSE parser written for the cases in dialects.md part D and for speed (performance.md P1).
 *
 * Why not eventsource-parser: 3.1.1 (the newest that runs on Node 20) falls short of P1 at small
 * chunks; this one avoids per-chunk regexes and line arrays.
 *
 * Semantics (WHATWG, as the official SDKs implement them):
 * - bytes are decoded with a streaming TextDecoder, so a UTF-8 character split across chunks is never
 *   mangled; a leading BOM is dropped;
 * - `\n`, `\r` and `\r\n` end a line, including a `\r` at the end of one chunk and `\n` at the start
 *   of the next;
 * - `:` lines are comments; a field is split at the first `:` and one leading space is removed;
 *   `data:` lines are joined with `\n`; `event:` names the event; `id:` is kept; others are ignored;
 * - an event is dispatched on a blank line if it had a data line. An event still open at EOF is NOT
 *   dispatched: a stream cut mid-event must never look complete.
 */
export type SseParser = {
  feed(chunk: Uint8Array | string): void
  /** End of input. Returns true if the stream stopped in the middle of an event or line. */
  end(): boolean
}

export type SseParserHandlers = {
  onEvent: (event: SseMessage) => void
  onComment?: (comment: string) => void
}

/**
 * Two stages, each a closure over its own state: lines (createLineSplitter), then fields and events
 * (createFieldReader). Closures rather than a class: with the state in fields of an object, V8 kept the
 * line loop much slower on large text chunks (performance.md P1).
 */
export function createSseParser(handlers: SseParserHandlers): SseParser {
  const fields = createFieldReader(handlers)
  const lines = createLineSplitter(fields.line)
  // Made at the first byte chunk: a caller that feeds text (the gateway's proxy, whose HTTP client
  // decodes) never pays for a decoder, which showed per proxied stream in profiles.
  let decoder: InstanceType<typeof TextDecoder> | undefined
  return {
    feed(chunk) {
      if (typeof chunk === 'string') {
        lines.feed(chunk)
      } else {
        decoder ??= new TextDecoder('utf-8')
        const text = decoder.decode(chunk, { stream: true })
        if (text.length > 0) lines.feed(text)
      }
    },
    end() {
      const tail = decoder?.decode() ?? ''
      if (tail.length > 0) lines.feed(tail)
      const cutLine = lines.end()
      const cutEvent = fields.end()
      return cutLine || cutEvent
    },
  }
}

type LineSplitter = {
  feed(text: string): void
  /** Drops an unterminated line; returns whether there was one. */
  end(): boolean
}

/**
 * Text into lines for `onLine`: `\n`, `\r` and `\r\n` end a line, including a `\r` at the end of one
 * chunk and `\n` at the start of the next; a leading BOM is dropped.
 */
function createLineSplitter(onLine: (line: string) => void): LineSplitter {
  let pending = '' // an unterminated line carried over from earlier chunks
  let skipLeadingLf = false // the previous chunk ended in `\r`: a `\n` first in this one is its partner
  let atStart = true

  function feed(text: string): void {
    let start = 0
    const length = text.length
    if (atStart && length > 0) {
      atStart = false
      if (text.charCodeAt(0) === 0xfeff) start = 1
    }
    if (skipLeadingLf && start < length) {
      if (text.charCodeAt(start) === 10) start++
      skipLeadingLf = false
    }
    // `\r` is rare on the wire: look it up once per chunk and again only after passing it.
    let nextCr = text.indexOf('\r', start)
    while (start < length) {
      const nextLf = text.indexOf('\n', start)
      let end: number
      let crlf = false
      if (nextCr !== -1 && (nextLf === -1 || nextCr < nextLf)) {
        end = nextCr
        if (end + 1 < length) {
          crlf = text.charCodeAt(end + 1) === 10
        } else {
          skipLeadingLf = true
        }
      } else if (nextLf !== -1) {
        end = nextLf
      } else {
        pending += start === 0 ? text : text.slice(start)
        return
      }
      const piece = text.slice(start, end)
      if (pending.length > 0) {
        const whole = pending + piece
        pending = ''
        onLine(whole)
      } else {
        onLine(piece)
      }
      start = end + (crlf ? 2 : 1)
      if (nextCr !== -1 && nextCr < start) nextCr = text.indexOf('\r', start)
    }
  }

  return {
    feed,
    end() {
      const cut = pending.length > 0
      pending = ''
      return cut
    },
  }
}

type FieldReader = {
  line(text: string): void
  /** Drops an event still open; returns whether there was one (a line of it was read). */
  end(): boolean
}

/**
 * Lines into events: `:` lines are comments; a field is split at the first `:` and one leading space
 * is removed; `data:` lines are joined with `\n`; `event:` names the event; `id:` is kept; an event is
 * dispatched on a blank line if it had a data line.
 */
function createFieldReader(handlers: SseParserHandlers): FieldReader {
  const { onEvent, onComment } = handlers
  let data = ''
  let hasData = false
  let eventName: string | undefined
  let lastId: string | undefined
  let midEvent = false

  function dispatch(): void {
    if (hasData) {
      const message: SseMessage = { data }
      if (eventName !== undefined) message.event = eventName
      if (lastId !== undefined) message.id = lastId
      onEvent(message)
    }
    data = ''
    hasData = false
    eventName = undefined
    midEvent = false
  }

  function line(text: string): void {
    if (text.length === 0) {
      dispatch()
      return
    }
    midEvent = true
    const colon = text.indexOf(':')
    if (colon === 0) {
      onComment?.(text.charCodeAt(1) === 32 ? text.slice(2) : text.slice(1))
      return
    }
    let field: string
    let value: string
    if (colon === -1) {
      field = text
      value = ''
    } else {
      field = text.slice(0, colon)
      value = text.charCodeAt(colon + 1) === 32 ? text.slice(colon + 2) : text.slice(colon + 1)
    }
    if (field === 'data') {
      data = hasData ? data + '\n' + value : value
      hasData = true
    } else if (field === 'event') {
      eventName = value
    } else if (field === 'id') {
      if (!value.includes('\0')) lastId = value
    }
    // `retry` and unknown fields are ignored, as the spec says.
  }

  return {
    line,
    end() {
      const cut = midEvent
      data = ''
      hasData = false
      eventName = undefined
      midEvent = false
      return cut
    },
  }
}

/** Parse a whole SSE text at once (fixtures, tests, recorded streams). */
export function parseSseText(text: string): SseMessage[] {
  const events: SseMessage[] = []
  const parser = createSseParser({ onEvent: (e) => events.push(e) })
  parser.feed(text)
  parser.end()
  return events
}
