import { z } from 'zod'
import type { DialectError } from '../../chat/errors'
import { gatewayErrorKindFromStatus } from '../../chat/errors'
import { anthropicErrorTypeForStatus } from './map-anthropic-error-kind'

/**
 * Any error body a Messages endpoint might send, read leniently. Besides its own shape
 * (`{"type":"error","error":{type,message},"request_id"}`) a gateway in front of it may answer in the
 * OpenAI shape (`{"error":{message,type,param,code}}`), with a bare `{"error":"text"}` or
 * `{"message":…}`, or with an HTML page from a proxy. Every field is optional.
 */
const errorBodySchema = z.object({
  error: z
    .union([
      z.string(),
      z.object({
        type: z.string().nullish(),
        message: z.string().nullish(),
        // OpenAI sends string codes; some compatible servers send numbers.
        code: z.union([z.string(), z.number()]).nullish(),
        param: z.string().nullish(),
      }),
    ])
    .nullish(),
  message: z.string().nullish(),
  request_id: z.string().nullish(),
})

/** Long enough for a useful sentence, short enough that an HTML page does not flood the UI. */
const MAX_TEXT_MESSAGE = 500

export function parseAnthropicError(status: number, body: string, requestId?: string): DialectError {
  const error: DialectError = {
    status,
    type: anthropicErrorTypeForStatus(status),
    message: '',
    kind: gatewayErrorKindFromStatus(status),
  }
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    json = undefined
  }
  const parsed = errorBodySchema.safeParse(json)
  if (parsed.success && json !== null && typeof json === 'object') {
    const { error: inner, message, request_id } = parsed.data
    if (typeof inner === 'string') {
      error.message = inner
    } else if (inner != null) {
      if (inner.type != null) error.type = inner.type
      if (inner.message != null) error.message = inner.message
      if (inner.code != null) error.code = String(inner.code)
      if (inner.param != null) error.param = inner.param
    }
    if (error.message === '' && message != null) error.message = message
    if (request_id != null) error.requestId = request_id
  } else if (typeof json === 'string') {
    error.message = json
  }
  if (error.message === '') error.message = messageFromText(status, body)
  // The response header is authoritative; the body's copy is the fallback.
  if (requestId !== undefined) error.requestId = requestId
  return error
}

function messageFromText(status: number, body: string): string {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(body)?.[1]
  const text = (title ?? body.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim()
  if (text === '') return `HTTP ${status} with an empty body.`
  return text.length > MAX_TEXT_MESSAGE ? text.slice(0, MAX_TEXT_MESSAGE) + '…' : text
}
