import type { DialectError, GatewayError } from '../../chat/errors'
import {
  anthropicErrorForKind,
  anthropicErrorTypeForStatus,
  isAnthropicErrorType,
} from './map-anthropic-error-kind'
import type { AnthropicErrorType } from './map-anthropic-error-kind'

export type AnthropicErrorBody = {
  type: 'error'
  error: { type: string; message: string }
  request_id?: string
}

/** An HTTP error in the Messages shape (B4.1); the status follows the kind unless the error forces one. */
export function encodeAnthropicError(
  error: GatewayError,
  requestId?: string,
): { status: number; body: AnthropicErrorBody } {
  const mapped = anthropicErrorForKind(error.kind)
  const body: AnthropicErrorBody = { type: 'error', error: { type: mapped.type, message: error.message } }
  if (requestId !== undefined) body.request_id = requestId
  return { status: error.status ?? mapped.status, body }
}

/**
 * The `error.type` for an error that came from elsewhere (another dialect's parser, an upstream):
 * a type Messages already knows is kept, otherwise it follows the neutral kind, then the status.
 */
export function anthropicErrorTypeOf(error: DialectError): AnthropicErrorType {
  if (isAnthropicErrorType(error.type)) return error.type
  if (error.kind !== undefined) return anthropicErrorForKind(error.kind).type
  if (error.status !== undefined) return anthropicErrorTypeForStatus(error.status)
  return 'api_error'
}
