import { gatewayErrorKindFromStatus, type GatewayErrorKind } from '../../chat/errors'

/** The `error.type` values Messages documents (B4.2). New ones may appear. */
const ANTHROPIC_ERROR_TYPES = [
  'invalid_request_error',
  'authentication_error',
  'billing_error',
  'permission_error',
  'not_found_error',
  'request_too_large',
  'rate_limit_error',
  'api_error',
  'timeout_error',
  'overloaded_error',
] as const
export type AnthropicErrorType = (typeof ANTHROPIC_ERROR_TYPES)[number]

export function isAnthropicErrorType(type: string): type is AnthropicErrorType {
  return (ANTHROPIC_ERROR_TYPES as readonly string[]).includes(type)
}

/** Status and `error.type` this gateway answers with for each neutral error kind. */
export function anthropicErrorForKind(kind: GatewayErrorKind): { status: number; type: AnthropicErrorType } {
  switch (kind) {
    case 'invalid_request':
      return { status: 400, type: 'invalid_request_error' }
    case 'authentication':
      return { status: 401, type: 'authentication_error' }
    case 'permission':
      return { status: 403, type: 'permission_error' }
    case 'not_found':
    case 'model_not_found':
      return { status: 404, type: 'not_found_error' }
    // Messages has no dedicated types for these; the API uses invalid_request_error for other 4xx.
    case 'method_not_allowed':
      return { status: 405, type: 'invalid_request_error' }
    case 'unsupported_media_type':
      return { status: 415, type: 'invalid_request_error' }
    case 'context_length_exceeded':
      return { status: 400, type: 'invalid_request_error' }
    case 'request_too_large':
      return { status: 413, type: 'request_too_large' }
    case 'rate_limit':
      return { status: 429, type: 'rate_limit_error' }
    case 'server_error':
      return { status: 500, type: 'api_error' }
    case 'overloaded':
      return { status: 529, type: 'overloaded_error' }
    case 'timeout':
      return { status: 504, type: 'timeout_error' }
    default: {
      const unreachable: never = kind
      throw new Error(`unknown error kind ${String(unreachable)}`)
    }
  }
}

/** The neutral kind of an in-band error, from its type (in-band errors carry no status). */
export function kindFromAnthropicErrorType(type: string): GatewayErrorKind | undefined {
  if (!isAnthropicErrorType(type)) return undefined
  switch (type) {
    case 'invalid_request_error':
      return 'invalid_request'
    case 'authentication_error':
      return 'authentication'
    case 'permission_error':
      return 'permission'
    case 'not_found_error':
      return 'not_found'
    case 'request_too_large':
      return 'request_too_large'
    case 'rate_limit_error':
      return 'rate_limit'
    case 'api_error':
      return 'server_error'
    case 'timeout_error':
      return 'timeout'
    case 'overloaded_error':
      return 'overloaded'
    // A billing problem has no neutral kind: leave it unknown rather than guess.
    case 'billing_error':
      return undefined
    default: {
      const unreachable: never = type
      throw new Error(`unknown error type ${String(unreachable)}`)
    }
  }
}

/**
 * The `error.type` a Messages server would use for a status, for bodies that do not say: the status's
 * neutral kind (the one status table, `gatewayErrorKindFromStatus`) as this gateway spells it, except
 * 402, a billing problem, which has no neutral kind.
 */
export function anthropicErrorTypeForStatus(status: number): AnthropicErrorType {
  if (status === 402) return 'billing_error'
  return anthropicErrorForKind(gatewayErrorKindFromStatus(status)).type
}
