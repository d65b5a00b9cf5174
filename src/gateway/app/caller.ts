import type { IncomingMessage } from 'node:http'
import { GatewayError } from '@shared/chat/errors'
import { dialectList, dialects } from '@shared/dialects'
import type { Dialect, HeaderReader } from '@shared/dialects/dialect'

/**
 * Headers straight from Node's parsed object (names already lower-cased). Cheaper than a web
 * `Headers` built from the raw list, which the proxy's hot path cannot afford (performance.md G1).
 */
export function headerReaderOf(incoming: IncomingMessage): HeaderReader {
  return (name) => {
    const value = incoming.headers[name.toLowerCase()]
    return Array.isArray(value) ? value.join(', ') : value
  }
}

/**
 * The dialect a caller gets its errors in: the chat route's own; elsewhere Messages clients announce
 * themselves with `anthropic-version` (or `x-api-key`), and everyone else gets the OpenAI shape.
 */
export function dialectOfCaller(path: string, header: HeaderReader): Dialect {
  if (path.endsWith('/messages')) return dialects['anthropic-messages']
  if (path.endsWith('/chat/completions')) return dialects['openai-chat']
  if (header('anthropic-version') !== undefined || header('x-api-key') !== undefined) {
    return dialects['anthropic-messages']
  }
  return dialects['openai-chat']
}

/**
 * The 401 for a caller whose key is missing or wrong, worded for its dialect; undefined when the key
 * is right. The key may come in either dialect's place (SDK 1.x of Messages sends Bearer).
 */
export function authenticationFailure(
  header: HeaderReader,
  dialect: Dialect,
  keyMatches: (presented: string | undefined) => boolean,
): GatewayError | undefined {
  let presented: string | undefined
  for (const d of dialectList) {
    presented = d.readApiKey(header)
    if (presented !== undefined) break
  }
  if (keyMatches(presented)) return undefined
  const message =
    presented === undefined
      ? dialect.id === 'anthropic-messages'
        ? 'Missing API key: send it in the x-api-key header (or Authorization: Bearer).'
        : 'Missing API key: send it as Authorization: Bearer <key>.'
      : 'Incorrect API key provided.'
  return new GatewayError('authentication', message)
}
