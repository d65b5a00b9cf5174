import { GatewayError } from '../../shared/chat/errors'

/**
 * Reads a JSON request body with a size cap, without trusting Content-Length: the cap is enforced on
 * the bytes actually received, and a declared length over the cap is refused before reading.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const contentType = request.headers.get('content-type') ?? ''
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? ''
  if (mediaType !== 'application/json' && !mediaType.endsWith('+json')) {
    throw new GatewayError(
      'unsupported_media_type',
      `Content-Type must be application/json (got ${mediaType === '' ? 'none' : JSON.stringify(mediaType)}).`,
    )
  }
  const declared = Number(request.headers.get('content-length') ?? NaN)
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes)
  const chunks: Uint8Array[] = []
  let received = 0
  if (request.body) {
    const reader = request.body.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      received += value.byteLength
      if (received > maxBytes) {
        await reader.cancel().catch(() => undefined)
        throw tooLarge(maxBytes)
      }
      chunks.push(value)
    }
  }
  if (received === 0)
    throw new GatewayError('invalid_request', 'The request body is empty; a JSON object is required.')
  const text = Buffer.concat(chunks, received).toString('utf8')
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw new GatewayError(
      'invalid_request',
      `The request body is not valid JSON: ${(error as Error).message}`,
    )
  }
}

function tooLarge(maxBytes: number): GatewayError {
  return new GatewayError('request_too_large', `The request body exceeds the limit of ${maxBytes} bytes.`)
}
