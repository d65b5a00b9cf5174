import type { ChatRequest, DialectId } from '@shared/chat/chat-request'
import { dialects } from '@shared/dialects'
import type { InvokeOutput } from '@shared/ipc/contract'
import type { RunTarget } from '../runs/run-registry-options'

type ServiceCount = InvokeOutput<'chat:count-tokens'>

// What Messages' count_tokens takes of a /messages body: the prompt, not how to answer it (the real
// API refuses max_tokens, stream and sampling there).
const COUNTED_FIELDS = ['model', 'messages', 'system', 'tools', 'tool_choice', 'thinking'] as const

const TIMEOUT_MS = 10_000

/**
 * The prompt's tokens as a remote Messages service counts them: `POST {base}/messages/count_tokens`
 * with the body a send would carry, the profile's key (which stays here). A service without the
 * endpoint (404, 405) is remembered for the session and not asked again; any failure is an answer
 * saying why, and the renderer's own count stands.
 */
export function createServiceTokenCounter(options: {
  resolveTarget: (profileId: string) => Promise<RunTarget>
  fetch?: typeof fetch
}) {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const without = new Set<string>()
  return async function countTokens(input: {
    profileId: string
    dialect: DialectId
    request: ChatRequest
  }): Promise<ServiceCount> {
    if (input.dialect !== 'anthropic-messages') {
      return { source: 'none', reason: 'Only the Messages dialect has a count_tokens endpoint.' }
    }
    const target = await options.resolveTarget(input.profileId)
    if (!target.apiKey) return { source: 'none', reason: 'No API key is saved for this profile.' }
    if (without.has(target.baseUrl)) return { source: 'none', reason: 'The service has no count_tokens.' }
    const built = dialects['anthropic-messages'].buildRequest(
      { ...input.request, stream: false },
      { baseUrl: target.baseUrl, apiKey: target.apiKey },
    )
    const sent = JSON.parse(built.http.body ?? '{}') as Record<string, unknown>
    const body = Object.fromEntries(COUNTED_FIELDS.flatMap((key) => (key in sent ? [[key, sent[key]]] : [])))
    let response: Response
    try {
      response = await doFetch(`${built.http.url}/count_tokens`, {
        method: 'POST',
        headers: built.http.headers,
        body: JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
    } catch {
      return { source: 'none', reason: 'The service could not be reached.' }
    }
    if (response.status === 404 || response.status === 405) {
      without.add(target.baseUrl)
      return { source: 'none', reason: 'The service has no count_tokens.' }
    }
    const reply: unknown = await response.json().catch(() => undefined)
    const tokens = (reply as { input_tokens?: unknown } | undefined)?.input_tokens
    if (!response.ok || typeof tokens !== 'number' || !Number.isSafeInteger(tokens) || tokens < 0) {
      return { source: 'none', reason: `count_tokens answered HTTP ${response.status}.` }
    }
    return { source: 'service', inputTokens: tokens }
  }
}

export type ServiceTokenCounter = ReturnType<typeof createServiceTokenCounter>
