import type { GatewayErrorKind } from '../../chat/errors'

export type OpenaiErrorShape = { status: number; type: string; code: string | null }

/** How this dialect writes each neutral error kind: HTTP status, `error.type`, `error.code`. */
export function openaiErrorShapeFor(kind: GatewayErrorKind): OpenaiErrorShape {
  switch (kind) {
    case 'invalid_request':
      return { status: 400, type: 'invalid_request_error', code: null }
    case 'authentication':
      return { status: 401, type: 'invalid_request_error', code: 'invalid_api_key' }
    case 'permission':
      return { status: 403, type: 'permission_error', code: null }
    case 'not_found':
      return { status: 404, type: 'invalid_request_error', code: 'not_found' }
    case 'model_not_found':
      return { status: 404, type: 'invalid_request_error', code: 'model_not_found' }
    case 'method_not_allowed':
      return { status: 405, type: 'invalid_request_error', code: 'method_not_allowed' }
    case 'request_too_large':
      return { status: 413, type: 'invalid_request_error', code: 'request_too_large' }
    case 'unsupported_media_type':
      return { status: 415, type: 'invalid_request_error', code: 'unsupported_media_type' }
    case 'context_length_exceeded':
      return { status: 400, type: 'invalid_request_error', code: 'context_length_exceeded' }
    case 'rate_limit':
      // OpenAI names the exhausted budget in `type` (`requests` or `tokens`).
      return { status: 429, type: 'requests', code: 'rate_limit_exceeded' }
    case 'server_error':
      return { status: 500, type: 'server_error', code: null }
    case 'overloaded':
      return { status: 503, type: 'server_error', code: 'overloaded' }
    case 'timeout':
      return { status: 504, type: 'server_error', code: 'timeout' }
    default: {
      const unreachable: never = kind
      throw new Error(`unknown error kind ${String(unreachable)}`)
    }
  }
}

/** `error.code` values that name a kind. The code is more specific than the type, so it wins. */
const KIND_BY_CODE: Readonly<Record<string, GatewayErrorKind>> = {
  invalid_api_key: 'authentication',
  model_not_found: 'model_not_found',
  not_found: 'not_found',
  method_not_allowed: 'method_not_allowed',
  request_too_large: 'request_too_large',
  unsupported_media_type: 'unsupported_media_type',
  context_length_exceeded: 'context_length_exceeded',
  rate_limit_exceeded: 'rate_limit',
  insufficient_quota: 'rate_limit',
  overloaded: 'overloaded',
  timeout: 'timeout',
}

/**
 * `error.type` values that name a kind. Messages' types are listed too: a gateway translating an
 * Anthropic upstream (LiteLLM does this) passes their type through inside an OpenAI-shaped error.
 */
const KIND_BY_TYPE: Readonly<Record<string, GatewayErrorKind>> = {
  invalid_request_error: 'invalid_request',
  authentication_error: 'authentication',
  permission_error: 'permission',
  not_found_error: 'not_found',
  request_too_large: 'request_too_large',
  rate_limit_error: 'rate_limit',
  requests: 'rate_limit',
  tokens: 'rate_limit',
  insufficient_quota: 'rate_limit',
  server_error: 'server_error',
  api_error: 'server_error',
  overloaded_error: 'overloaded',
  timeout_error: 'timeout',
}

/** The neutral kind an error's `type`/`code` names, when they name one (in-band errors have no status). */
export function openaiErrorKindFromWire(
  type: string | null | undefined,
  code: string | null | undefined,
): GatewayErrorKind | undefined {
  if (code != null && Object.hasOwn(KIND_BY_CODE, code)) return KIND_BY_CODE[code]
  if (type != null && Object.hasOwn(KIND_BY_TYPE, type)) return KIND_BY_TYPE[type]
  return undefined
}
