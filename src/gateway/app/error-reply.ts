import type { ServerResponse } from 'node:http'
import { GatewayError } from '@shared/chat/errors'
import type { Dialect } from '@shared/dialects/dialect'

export type ErrorReply = { status: number; headers: Record<string, string>; body: unknown }

/**
 * What a client is told about a failure that is not a GatewayError (a bug, a stack overflow on a
 * pathological body). Never the error's own text: "Maximum call stack size exceeded", a file path or
 * a stack says how the gateway is built and helps no caller; the request id identifies the failure.
 */
export const INTERNAL_ERROR_MESSAGE = 'The gateway failed to handle this request (internal error).'

/**
 * Any failure as an HTTP error in the caller's dialect. A GatewayError keeps its kind, status and
 * retry-after; anything else is a 500 with INTERNAL_ERROR_MESSAGE.
 */
export function errorReply(
  dialect: Dialect,
  error: unknown,
  requestId: string,
  extraHeaders: Record<string, string> = {},
): ErrorReply {
  const gatewayError =
    error instanceof GatewayError ? error : new GatewayError('server_error', INTERNAL_ERROR_MESSAGE)
  const { status, body } = dialect.encodeError(gatewayError, requestId)
  const headers: Record<string, string> = { ...extraHeaders }
  if (gatewayError.retryAfterSeconds !== undefined)
    headers['retry-after'] = String(gatewayError.retryAfterSeconds)
  return { status, headers, body }
}

/** Writes a JSON reply in one go (one write: head and body leave together). */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  })
  res.end(text)
}
