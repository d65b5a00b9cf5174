import type { ChatRequest } from '@shared/chat/chat-request'
import { GatewayError } from '@shared/chat/errors'
import { createSseParser } from '@shared/dialects/sse/sse-parser'
import { REDACTED } from '@shared/redaction/redact-stream-parts'
import { redactStrings } from '@shared/redaction/redact-strings'
import { createSecretMatcher } from '@shared/redaction/secret-matcher'
import { cassetteHash } from './cassette-hash'
import {
  CASSETTE_FORMAT,
  CASSETTE_VERSION,
  type Cassette,
  type CassetteEnd,
  type CassetteEvent,
  type CassetteResponse,
} from './cassette-schema'

export type CassetteRecorderOptions = {
  /** The canonical request as the client sent it; hashed as it is, stored without the keys. */
  request: ChatRequest
  upstream: Cassette['upstream']
  recordedBy: Cassette['recordedBy']
  /** Keys to remove from everything kept, in every spelling (plain, escaped, URL-encoded, base64). */
  secrets: readonly string[]
  /** Milliseconds on a monotonic clock; `startedAt` is when the request went out, on the same clock. */
  now?: () => number
  startedAt?: number
}

/**
 * Collects one exchange as it happens and makes it a cassette at its end. Everything that goes in
 * loses the keys on the way (security.md: no key in any form in a cassette); headers that carry
 * credentials are dropped whole.
 */
export type CassetteRecorder = {
  head(status: number, headers: Readonly<Record<string, string | string[] | undefined>>): void
  /** Event-stream text as it arrived (cut anywhere): its events are timed at this arrival. */
  chunk(text: string): void
  /** One event already parsed (main's run updates carry them so), with its own arrival time. */
  event(event: CassetteEvent): void
  /** A whole body (a JSON reply, an error). */
  body(text: string): void
  /** The exchange is over: how it ended, and the cassette. */
  end(state: CassetteEnd['state'], error?: CassetteEnd['error'], atMs?: number): Cassette
}

/** Headers whose values are credentials or session state: never kept, whatever their value. */
const SECRET_HEADER = /authorization|cookie|api-key|apikey|token|secret|password|session/i
/** Headers that say only how this one response travelled: they would make every re-recording a diff. */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'])

export function createCassetteRecorder(options: CassetteRecorderOptions): CassetteRecorder {
  const now = options.now ?? (() => performance.now())
  const startedAt = options.startedAt ?? now()
  const matcher = createSecretMatcher(options.secrets.filter((s) => s !== ''))
  const pieces = keyPieces(options.secrets)
  const redact = (text: string): string => {
    const whole = matcher.redact(text, REDACTED)
    return pieces === undefined ? whole : whole.replace(pieces, REDACTED)
  }
  const elapsed = (): number => Math.max(0, Math.round((now() - startedAt) * 10) / 10)

  const response: CassetteResponse = { headers: {}, end: { state: 'ended', atMs: 0 } }
  let events: CassetteEvent[] | undefined
  const keep = (event: CassetteEvent): void => {
    events ??= []
    const kept: CassetteEvent = { atMs: event.atMs, data: redact(event.data) }
    if (event.event !== undefined) kept.event = redact(event.event)
    if (event.id !== undefined) kept.id = redact(event.id)
    events.push(kept)
  }
  let arrivedAt = 0
  const parser = createSseParser({
    onEvent: (message) => keep({ ...message, atMs: arrivedAt }),
  })

  return {
    head(status, headers) {
      response.status = status
      response.headers = keptHeaders(headers, redact)
    },
    chunk(text) {
      arrivedAt = elapsed()
      parser.feed(text)
    },
    event: keep,
    body(text) {
      const safe = redact(text)
      try {
        response.body = JSON.parse(safe)
      } catch {
        response.bodyText = safe
      }
    },
    end(state, error, atMs) {
      parser.end()
      if (events !== undefined) response.events = events
      response.end = { state, atMs: atMs ?? elapsed() }
      if (error !== undefined) response.end.error = { ...error, message: redact(error.message) }
      return {
        format: CASSETTE_FORMAT,
        version: CASSETTE_VERSION,
        recordedAt: new Date().toISOString(),
        recordedBy: options.recordedBy,
        hash: cassetteHash(options.request),
        request: redactStrings(options.request, redact, new Set(['role', 'type', 'kind'])),
        upstream: keptUpstream(options.upstream, redact),
        response,
      }
    },
  }
}

function keptHeaders(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  redact: (text: string) => string,
): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const [rawName, value] of Object.entries(headers)) {
    const name = rawName.toLowerCase()
    if (value === undefined || SECRET_HEADER.test(name) || TRANSPORT_HEADERS.has(name)) continue
    kept[name] = redact(Array.isArray(value) ? value.join(', ') : value)
  }
  return kept
}

/** The URL without query, fragment or user info (a key may ride in any of them), and no key. */
function keptUpstream(
  upstream: Cassette['upstream'],
  redact: (text: string) => string,
): Cassette['upstream'] {
  const kept: Cassette['upstream'] = { dialect: upstream.dialect }
  if (upstream.url !== undefined) {
    try {
      const url = new URL(upstream.url)
      kept.url = redact(url.origin + url.pathname)
    } catch {
      // Not a URL: left out rather than kept as it is.
    }
  }
  if (upstream.model !== undefined) kept.model = redact(upstream.model)
  return kept
}

/** A failure in the words a cassette keeps (the recorder takes the key out of the message). */
export function cassetteError(error: unknown): NonNullable<CassetteEnd['error']> {
  if (error instanceof GatewayError) {
    return {
      kind: error.kind,
      message: error.message,
      ...(error.status === undefined ? {} : { status: error.status }),
    }
  }
  return { kind: 'server_error', message: error instanceof Error ? error.message : String(error) }
}

/** Shorter pieces of a key than this are left alone: they could be ordinary words or numbers. */
const MIN_KEY_PIECE = 12

/**
 * Any run of MIN_KEY_PIECE or more characters of a key, as a pattern. A server can cut a key across
 * two events (each event's data holds part of it); the live reply is redacted across the cut, but a
 * cassette keeps every event as it came, so each part must go on its own.
 */
function keyPieces(secrets: readonly string[]): RegExp | undefined {
  const alternatives = new Set<string>()
  for (const key of secrets) {
    for (let start = 0; start + MIN_KEY_PIECE <= key.length; start++) {
      for (let end = key.length; end - start >= MIN_KEY_PIECE; end--) alternatives.add(key.slice(start, end))
    }
  }
  if (alternatives.size === 0) return undefined
  const escaped = [...alternatives]
    .sort((a, b) => b.length - a.length)
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  return new RegExp(escaped.join('|'), 'g')
}
