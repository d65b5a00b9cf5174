/**
 * An error as a client sees it, whichever dialect reported it: HTTP errors (status set) and in-band
 * stream errors (status undefined, like the official SDKs).
 */
export type DialectError = {
  status?: number
  /** The dialect's own type string: `invalid_request_error`, `overloaded_error`, `rate_limit_error`… */
  type: string
  message: string
  code?: string | null
  param?: string | null
  requestId?: string
  /** The neutral kind, when known, so another dialect can re-encode this error in its own terms. */
  kind?: GatewayErrorKind
}

/**
 * What went wrong on the server side, in dialect-neutral terms. Each dialect's `encodeError` maps a
 * kind to its status, type and code (e.g. `context_length_exceeded` is a 400 with that code in the
 * OpenAI dialect and an `invalid_request_error` in Messages).
 */
export const GATEWAY_ERROR_KINDS = [
  'invalid_request',
  'authentication',
  'permission',
  'not_found',
  'model_not_found',
  'method_not_allowed',
  'request_too_large',
  'unsupported_media_type',
  'context_length_exceeded',
  'rate_limit',
  'server_error',
  'overloaded',
  'timeout',
] as const
export type GatewayErrorKind = (typeof GATEWAY_ERROR_KINDS)[number]

export class GatewayError extends Error {
  readonly kind: GatewayErrorKind
  /** The request field at fault, in the dialect's own path syntax (`messages.0.content`, `temperature`). */
  readonly param: string | undefined
  /** Overrides the status the dialect would pick for this kind (fault injection asks for any status). */
  readonly status: number | undefined
  /** Seconds the client should wait before retrying (sent as `retry-after` on 429/529/503). */
  readonly retryAfterSeconds: number | undefined

  constructor(
    kind: GatewayErrorKind,
    message: string,
    options: { param?: string; status?: number; retryAfterSeconds?: number } = {},
  ) {
    super(message)
    this.name = 'GatewayError'
    this.kind = kind
    this.param = options.param
    this.status = options.status
    this.retryAfterSeconds = options.retryAfterSeconds
  }
}

/** The neutral kind of an HTTP error status, for re-encoding an upstream error in another dialect. */
export function gatewayErrorKindFromStatus(status: number): GatewayErrorKind {
  if (status === 400) return 'invalid_request'
  if (status === 401) return 'authentication'
  if (status === 403) return 'permission'
  if (status === 404) return 'not_found'
  if (status === 405) return 'method_not_allowed'
  if (status === 408 || status === 504) return 'timeout'
  if (status === 413) return 'request_too_large'
  if (status === 415) return 'unsupported_media_type'
  if (status === 429) return 'rate_limit'
  if (status === 503 || status === 529) return 'overloaded'
  if (status >= 500) return 'server_error'
  return 'invalid_request'
}

/**
 * The 400 for one field of a request body, worded as both official APIs word theirs: the message
 * starts with the field's path (`tool_choice.name: …`) and `param` carries the same path for clients.
 */
export function invalidParamError(param: string, message: string): GatewayError {
  return new GatewayError('invalid_request', `${param}: ${message}`, { param })
}
