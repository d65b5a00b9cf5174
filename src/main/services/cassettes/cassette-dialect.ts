import type { ChatRequest, DialectId } from '@shared/chat/chat-request'
import { dialectList, dialects } from '@shared/dialects'

/**
 * The dialect of a chat request by the path it is sent to (`…/chat/completions`, `…/messages`), or
 * undefined for any other request (a catalog, a model list): only chat exchanges become cassettes.
 */
export function chatDialectOf(url: string): DialectId | undefined {
  const path = new URL(url).pathname
  return dialectList.find((dialect) => path.endsWith(dialect.path))?.id
}

/**
 * The canonical request of a body as the gateway reads it (the dialect's decodeRequest), so a
 * cassette recorded here has the hash the gateway's replay engine computes for the same request.
 */
export function canonicalRequestOf(dialect: DialectId, body: RequestInit['body']): ChatRequest {
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body as Uint8Array)
  return dialects[dialect].decodeRequest(JSON.parse(text))
}
