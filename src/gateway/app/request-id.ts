import type { ServerResponse } from 'node:http'
import { randomId } from './ids'

/** Both dialects' names for it: OpenAI clients read `x-request-id`, Anthropic clients `request-id`. */
const REQUEST_ID_HEADERS = ['x-request-id', 'request-id'] as const

/**
 * Gives a response its request id, once, as the listener's first act: every reply (chat, JSON, SSE,
 * error, 404) then carries it, because Node merges headers set here into whatever `writeHead` sends
 * later, on either routing layer.
 */
export function stampRequestId(res: ServerResponse): string {
  const requestId = randomId('req_')
  for (const name of REQUEST_ID_HEADERS) res.setHeader(name, requestId)
  return requestId
}

/** The id `stampRequestId` gave this response (error bodies quote it). */
export function requestIdOf(res: ServerResponse): string {
  return String(res.getHeader(REQUEST_ID_HEADERS[0]) ?? '')
}
