import { gatewayErrorKindFromStatus, type DialectError, type GatewayErrorKind } from '../../chat/errors'
import { openaiErrorKindFromWire, openaiErrorShapeFor } from './map-openai-error-kind'
import { openaiErrorBodyReadSchema, type OpenaiErrorObjectRead } from './openai-read-schemas'

/** Plain-text and HTML bodies (proxies, load balancers) are cut to this many characters. */
const MAX_TEXT_MESSAGE = 300
/** Only the start of a huge error page is scanned for text, keeping the tag stripping cheap. */
const MAX_SCANNED_BODY = 64 * 1024

type ErrorFields = {
  message?: string
  type?: string
  code?: string
  param?: string
  requestId?: string
}

/**
 * Client half: any non-2xx body as a DialectError. Reads OpenAI's `{"error":{…}}`, the Messages shape
 * (`{"type":"error","error":{…},"request_id"}`, which a misrouted request gets), `{"error":"text"}`,
 * and falls back to the text itself for HTML, plain text or an empty body.
 *
 * `kind` comes from the status, except where the body's code names a kind this dialect sends with
 * that very status (`model_not_found` on 404, `context_length_exceeded` on 400), so the gateway can
 * re-encode the error without losing it.
 */
export function parseOpenaiError(status: number, body: string, requestId?: string): DialectError {
  const fields = errorFieldsFromText(body)
  const statusKind = gatewayErrorKindFromStatus(status)
  const codeKind = openaiErrorKindFromWire(undefined, fields.code)
  const kind: GatewayErrorKind =
    codeKind !== undefined && openaiErrorShapeFor(codeKind).status === status ? codeKind : statusKind
  const error: DialectError = {
    status,
    type: fields.type ?? openaiErrorShapeFor(kind).type,
    message: fields.message ?? fallbackMessage(status, body),
    code: fields.code ?? null,
    param: fields.param ?? null,
    kind,
  }
  const id = requestId ?? fields.requestId
  if (id !== undefined) error.requestId = id
  return error
}

/** An in-band error (`data: {"error":…}` or `event: error`) from its parsed JSON payload. */
export function dialectErrorFromOpenaiPayload(payload: unknown): DialectError {
  const fields = errorFieldsFromJson(payload)
  return inBandError(fields)
}

/** The `error` member of a chunk or a 200 body. */
export function dialectErrorFromOpenaiObject(error: OpenaiErrorObjectRead | string): DialectError {
  return inBandError(typeof error === 'string' ? { message: error } : fieldsFromErrorObject(error))
}

function inBandError(fields: ErrorFields): DialectError {
  const error: DialectError = {
    type: fields.type ?? 'server_error',
    message: fields.message ?? 'The server reported an error in the stream.',
    code: fields.code ?? null,
    param: fields.param ?? null,
  }
  const kind = openaiErrorKindFromWire(fields.type, fields.code)
  if (kind !== undefined) error.kind = kind
  if (fields.requestId !== undefined) error.requestId = fields.requestId
  return error
}

function errorFieldsFromText(body: string): ErrorFields {
  const trimmed = body.trim()
  if (!trimmed.startsWith('{')) return {}
  try {
    return errorFieldsFromJson(JSON.parse(trimmed))
  } catch {
    return {}
  }
}

function errorFieldsFromJson(json: unknown): ErrorFields {
  const parsed = openaiErrorBodyReadSchema.safeParse(json)
  if (!parsed.success) return {}
  const wire = parsed.data
  let fields: ErrorFields
  if (typeof wire.error === 'string') fields = { message: wire.error }
  else if (wire.error != null) fields = fieldsFromErrorObject(wire.error)
  else {
    // Error fields at the top level: openai-node reads `event: error` payloads this way too.
    fields = fieldsFromErrorObject({ message: wire.message, type: wire.type, code: wire.code })
    // `"type":"error"` is the Messages envelope, not an error type.
    if (fields.type === 'error') delete fields.type
  }
  if (wire.request_id != null) fields.requestId = wire.request_id
  return fields
}

function fieldsFromErrorObject(error: OpenaiErrorObjectRead): ErrorFields {
  const fields: ErrorFields = {}
  const message = error.message
  if (typeof message === 'string') fields.message = message
  else if (message != null) fields.message = JSON.stringify(message)
  if (error.type != null) fields.type = error.type
  if (error.code != null) fields.code = String(error.code)
  if (error.param != null) fields.param = error.param
  return fields
}

function fallbackMessage(status: number, body: string): string {
  // HTML error pages: keep the words, drop the markup, so the message is readable in the UI.
  const text = body
    .slice(0, MAX_SCANNED_BODY)
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (text.length === 0) return `HTTP ${status} with an empty body.`
  return text.length > MAX_TEXT_MESSAGE ? `${text.slice(0, MAX_TEXT_MESSAGE)}…` : text
}
