import type { IncomingMessage } from 'node:http'
import { GatewayError } from '../../shared/chat/errors'

/**
 * Reads a JSON request body with a size cap, without trusting Content-Length: a declared length over
 * the cap is refused before reading, and the cap is enforced on the bytes actually received.
 *
 * It reads the Node request itself rather than the web `Request` Hono can build from it: building
 * that object and its ReadableStream cost ~7% of the gateway's CPU per proxied request in profiles
 * (scripts/bench-gateway.ts), in a budget of a few tenths of a millisecond (performance.md G1).
 */
/**
 * JSON text must be UTF-8 (RFC 8259 §8.1). A lenient decoder would turn bad bytes into U+FFFD and
 * hand the model a prompt the client never sent; `fatal` refuses them instead.
 */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

export function readJsonBody(incoming: IncomingMessage, maxBytes: number): Promise<unknown> {
  const contentType = incoming.headers['content-type'] ?? ''
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? ''
  if (mediaType !== 'application/json' && !mediaType.endsWith('+json')) {
    return Promise.reject(
      new GatewayError(
        'unsupported_media_type',
        `Content-Type must be application/json (got ${mediaType === '' ? 'none' : JSON.stringify(mediaType)}).`,
      ),
    )
  }
  const declared = Number(incoming.headers['content-length'] ?? NaN)
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.reject(tooLarge(maxBytes))

  return new Promise((resolve, reject) => {
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
        reject(tooLarge(maxBytes))
        return
      }
      chunks.push(chunk)
    }
    function onEnd(): void {
      cleanup()
      if (received === 0) {
        reject(new GatewayError('invalid_request', 'The request body is empty; a JSON object is required.'))
        return
      }
      const bytes = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, received)
      let text: string
      try {
        text = strictUtf8.decode(bytes)
      } catch {
        reject(new GatewayError('invalid_request', 'The request body is not valid UTF-8.'))
        return
      }
      try {
        resolve(JSON.parse(text) as unknown)
      } catch (error) {
        reject(
          new GatewayError(
            'invalid_request',
            `The request body is not valid JSON: ${(error as Error).message}`,
          ),
        )
      }
    }
    function onBroken(): void {
      cleanup()
      reject(new GatewayError('invalid_request', 'The request body was cut off before its end.'))
    }
    incoming.on('data', onData)
    incoming.once('end', onEnd)
    incoming.once('error', onBroken)
    incoming.once('close', onBroken)
  })
}

function tooLarge(maxBytes: number): GatewayError {
  return new GatewayError('request_too_large', `The request body exceeds the limit of ${maxBytes} bytes.`)
}
