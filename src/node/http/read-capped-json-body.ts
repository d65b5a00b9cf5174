import type { IncomingMessage } from 'node:http'

/** Why a body was not read, for the caller to word in its own protocol (a gateway error, a refusal). */
export type JsonBodyProblem =
  | { kind: 'unsupported_media_type'; mediaType: string }
  | { kind: 'too_large' }
  | { kind: 'empty' }
  | { kind: 'not_utf8' }
  | { kind: 'not_json'; detail: string }
  | { kind: 'cut_off' }

export type JsonBody = { ok: true; value: unknown } | { ok: false; problem: JsonBodyProblem }

export type JsonBodyOptions = {
  maxBytes: number
  /** Also `application/<anything>+json` (the gateway, per its spec); the browser host takes only `application/json`. */
  acceptJsonSuffix: boolean
  /**
   * Bodies read before, for a body that begins like one of them (the gateway's chat requests: see
   * src/gateway/app/chat-body-memo.ts); told of each body parsed whole.
   */
  memo?: {
    parse(bytes: Uint8Array): { value: unknown } | undefined
    remember(bytes: Uint8Array, value: unknown): void
  }
}

/**
 * JSON text must be UTF-8 (RFC 8259 §8.1). A lenient decoder would turn bad bytes into U+FFFD and
 * hand on a text the client never sent; `fatal` refuses them instead.
 */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * Reads a JSON request body with a size cap, without trusting Content-Length: a declared length over
 * the cap is refused before reading, and the cap is enforced on the bytes actually received. Used by
 * the gateway and by the browser-mode host, the two HTTP servers of this repo.
 *
 * It reads the Node request itself rather than the web `Request` Hono can build from it: building
 * that object and its ReadableStream cost ~7% of the gateway's CPU per proxied request in profiles
 * (scripts/bench-gateway.ts), in a budget of a few tenths of a millisecond (performance.md G1).
 * Failures are returned, not thrown: each server words them in its own protocol.
 */
export function readCappedJsonBody(incoming: IncomingMessage, options: JsonBodyOptions): Promise<JsonBody> {
  const { maxBytes } = options
  const contentType = incoming.headers['content-type'] ?? ''
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? ''
  if (mediaType !== 'application/json' && !(options.acceptJsonSuffix && mediaType.endsWith('+json'))) {
    return Promise.resolve(refuse({ kind: 'unsupported_media_type', mediaType }))
  }
  const declared = Number(incoming.headers['content-length'] ?? NaN)
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve(refuse({ kind: 'too_large' }))

  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let received = 0
    const cleanup = (): void => {
      incoming.off('data', onData)
      incoming.off('end', onEnd)
      incoming.off('error', onBroken)
      incoming.off('close', onBroken)
    }
    function onData(chunk: Buffer): void {
      received += chunk.byteLength
      if (received > maxBytes) {
        cleanup()
        // Stop reading; the server discards (or, past its own limit, cuts) the rest after the 413.
        incoming.pause()
        resolve(refuse({ kind: 'too_large' }))
        return
      }
      chunks.push(chunk)
    }
    function onEnd(): void {
      cleanup()
      if (received === 0) {
        resolve(refuse({ kind: 'empty' }))
        return
      }
      const bytes = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, received)
      const remembered = options.memo?.parse(bytes)
      if (remembered !== undefined) {
        resolve({ ok: true, value: remembered.value })
        return
      }
      const body = parseJsonBytes(bytes)
      if (body.ok) options.memo?.remember(bytes, body.value)
      resolve(body)
    }
    function onBroken(): void {
      cleanup()
      resolve(refuse({ kind: 'cut_off' }))
    }
    incoming.on('data', onData)
    incoming.once('end', onEnd)
    incoming.once('error', onBroken)
    incoming.once('close', onBroken)
  })
}

function refuse(problem: JsonBodyProblem): JsonBody {
  return { ok: false, problem }
}

/** "none" or the media type as sent, quoted: for the messages of both servers. */
export function describeMediaType(mediaType: string): string {
  return mediaType === '' ? 'none' : JSON.stringify(mediaType)
}

/** A whole body of JSON text: strict UTF-8 (a byte order mark first is allowed), then JSON.parse. */
export function parseJsonBytes(bytes: Uint8Array): JsonBody {
  let text: string
  try {
    text = strictUtf8.decode(bytes)
  } catch {
    return refuse({ kind: 'not_utf8' })
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch (error) {
    return refuse({ kind: 'not_json', detail: (error as Error).message })
  }
}
