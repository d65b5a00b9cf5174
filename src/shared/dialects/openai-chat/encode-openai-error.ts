import type { GatewayError } from '../../chat/errors'
import { openaiErrorShapeFor } from './map-openai-error-kind'

/**
 * Server half: the HTTP error body of A4.1, all four keys present. The status is the error's own
 * when set (fault injection), else the kind's. The request id travels in the `x-request-id` header,
 * which the gateway sets: OpenAI bodies do not carry it.
 */
export function encodeOpenaiError(
  error: GatewayError,
  _requestId?: string,
): { status: number; body: unknown } {
  const shape = openaiErrorShapeFor(error.kind)
  // A context overflow is about the conversation: OpenAI names `messages` as the param.
  const param = error.param ?? (error.kind === 'context_length_exceeded' ? 'messages' : null)
  return {
    status: error.status ?? shape.status,
    body: { error: { message: error.message, type: shape.type, param, code: shape.code } },
  }
}
