import type { SseMessage } from '@shared/dialects/sse/sse-message'
import { parseSseText } from '@shared/dialects/sse/sse-parser'

/** Headers of a Chat Completions call. */
export function bearer(apiKey: string, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...extra }
}

/** Headers of a Messages call as the 0.x SDK sends them. */
export function xApiKey(apiKey: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'x-api-key': apiKey,
    'anthropic-version': '2023-06-01',
    'content-type': 'application/json',
    ...extra,
  }
}

export function postJson(url: string, body: unknown, headers: Record<string, string>): Promise<Response> {
  return fetch(url, { method: 'POST', headers, body: JSON.stringify(body) })
}

export type SseBody = {
  /** Everything received, decoded. */
  text: string
  events: SseMessage[]
  /** Set when the connection broke instead of ending cleanly (what a dropped stream looks like). */
  connectionError?: unknown
}

/** Reads an SSE response to its end, keeping what arrived even when the connection breaks. */
export async function readSse(response: Response): Promise<SseBody> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  let text = ''
  let connectionError: unknown
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      text += decoder.decode(value, { stream: true })
    }
  } catch (error) {
    connectionError = error
  }
  text += decoder.decode()
  return { text, events: parseSseText(text), ...(connectionError === undefined ? {} : { connectionError }) }
}

export const OPENAI_HELLO = (model: string, extra: Record<string, unknown> = {}) => ({
  model,
  messages: [{ role: 'user', content: 'Say hello.' }],
  ...extra,
})

export const MESSAGES_HELLO = (model: string, extra: Record<string, unknown> = {}) => ({
  model,
  max_tokens: 300,
  messages: [{ role: 'user', content: 'Say hello.' }],
  ...extra,
})

/**
 * Whether `origin` reaches the very gateway whose base URL is `baseUrl`: its catalog records carry
 * that base URL, which no other gateway (another test's, another process's on the same port number
 * at another address) would. Refused, silent or foreign answers all mean no.
 */
export async function reachesGateway(origin: string, apiKey: string, baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${origin}/v1/catalog`, {
      headers: { authorization: `Bearer ${apiKey}` },
      signal: AbortSignal.timeout(3_000),
    })
    if (response.status !== 200) return false
    const body = (await response.json()) as {
      models?: Array<{ token_factory?: { access?: { base_url?: { value?: string } } } }>
    }
    return body.models?.[0]?.token_factory?.access?.base_url?.value === baseUrl
  } catch {
    return false
  }
}
