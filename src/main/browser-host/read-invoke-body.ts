import type { Refusal } from './refusal'

export type InvokeBody = { ok: true; input: unknown } | { ok: false; refusal: Refusal }

/**
 * Reads an invoke's JSON body. Only `application/json` is accepted: the content types a cross-site
 * form or a "simple" fetch can send without a preflight (form-urlencoded, multipart, text/plain) are
 * refused whatever they contain. The size cap is enforced on the bytes received, and a declared
 * length over the cap is refused before reading anything. An empty body is the input `undefined`
 * (channels without input).
 */
export async function readInvokeBody(request: Request, maxBytes: number): Promise<InvokeBody> {
  const mediaType = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  if (mediaType !== 'application/json') {
    return refuse({
      status: 415,
      code: 'unsupported_media_type',
      message: `Content-Type must be application/json (got ${mediaType === '' ? 'none' : JSON.stringify(mediaType)}).`,
    })
  }
  const declared = Number(request.headers.get('content-length') ?? NaN)
  if (Number.isFinite(declared) && declared > maxBytes) return refuse(tooLarge(maxBytes))

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
        return refuse(tooLarge(maxBytes))
      }
      chunks.push(value)
    }
  }
  if (received === 0) return { ok: true, input: undefined }
  const text = Buffer.concat(chunks, received).toString('utf8')
  try {
    return { ok: true, input: JSON.parse(text) as unknown }
  } catch (error) {
    return refuse({
      status: 400,
      code: 'invalid_json',
      message: `The request body is not valid JSON: ${(error as Error).message}`,
    })
  }
}

function refuse(refusal: Refusal): InvokeBody {
  return { ok: false, refusal }
}

function tooLarge(maxBytes: number): Refusal {
  return { status: 413, code: 'payload_too_large', message: `The request body exceeds ${maxBytes} bytes.` }
}
