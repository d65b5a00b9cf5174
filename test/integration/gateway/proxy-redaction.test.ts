import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningGateway } from '@gateway/start-gateway'
import { hostileReplies, keyLeaks } from '@main/services/runs/__fixtures__/hostile-replies'
import type { DialectId } from '@shared/chat/chat-request'
import { reduceStreamParts } from '@shared/chat/reduce-stream-part'
import { dialects } from '@shared/dialects'
import { partsFromChunks } from '../../support/stream-parts'
import { startHostileUpstream } from '../canary/hostile-upstream'
import { BACK_KEY, CLIENT_KEY, TEXT_MODEL, startProxyGateway } from './support/gateways'
import { bearer, xApiKey } from './support/raw-http'

/**
 * The proxy engine in front of a hostile upstream (a real loopback server) that echoes the key the
 * proxy sends it in every field of its replies: the proxy's clients get everything but the key.
 */
const DIALECTS: DialectId[] = ['openai-chat', 'anthropic-messages']
let upstream: Awaited<ReturnType<typeof startHostileUpstream>>
const fronts: Partial<Record<DialectId, RunningGateway>> = {}

beforeAll(async () => {
  upstream = await startHostileUpstream()
  for (const dialect of DIALECTS) {
    fronts[dialect] = await startProxyGateway({ upstreamBaseUrl: upstream.baseUrl, upstreamDialect: dialect })
  }
})
afterAll(async () => {
  await Promise.all(DIALECTS.map((d) => fronts[d]?.close()))
  await upstream?.close()
})

describe('a proxy in front of an upstream that echoes the upstream key', () => {
  it.each(hostileReplies(BACK_KEY).map((reply) => [reply.name, reply] as const))(
    '%s: the client gets no trace of the key, and the rest of the text',
    async (name, reply) => {
      const dialect = reply.dialect
      const isMessages = dialect === 'anthropic-messages'
      const stream = reply.status === 200
      const response = await fetch(
        fronts[dialect]!.origin + (isMessages ? '/v1/messages' : '/v1/chat/completions'),
        {
          method: 'POST',
          headers: isMessages ? xApiKey(CLIENT_KEY) : bearer(CLIENT_KEY),
          body: JSON.stringify({
            model: TEXT_MODEL,
            max_tokens: 300,
            stream,
            messages: [{ role: 'user', content: name }],
          }),
        },
      )
      const body = await response.text()
      const headers = JSON.stringify([...response.headers.entries()])
      expect(keyLeaks(body + headers, BACK_KEY)).toEqual([])
      if (!stream) {
        expect(response.status).toBe(reply.status)
        expect(body).toContain('[redacted]')
        return
      }
      const parts = partsFromChunks(dialects[dialect].parseStream(), [new TextEncoder().encode(body)])
      const result = reduceStreamParts(parts)
      const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('')
      expect(text).toBe(reply.text)
      const call = result.content.find((part) => part.type === 'tool-call')
      expect(call?.arguments).toBe(reply.toolArguments)
      const reasoning = result.content.map((part) => (part.type === 'reasoning' ? part.text : '')).join('')
      if (reply.reasoning !== undefined && reasoning !== '') expect(reasoning).toBe(reply.reasoning)
    },
  )
})

describe('a proxy whose upstream key cannot be sent', () => {
  it('answers with an error that names the variable and the problem, not the key', async () => {
    const front = await startProxyGateway({
      upstreamBaseUrl: upstream.baseUrl,
      upstreamDialect: 'openai-chat',
      upstreamKey: 'sk-CANARY-proxy\r\nX-Injected: 1',
    })
    try {
      const response = await fetch(`${front.origin}/v1/chat/completions`, {
        method: 'POST',
        headers: bearer(CLIENT_KEY),
        body: JSON.stringify({ model: TEXT_MODEL, messages: [{ role: 'user', content: 'hi' }] }),
      })
      const body = await response.text()
      expect(response.status).toBeGreaterThanOrEqual(500)
      expect(body).toMatch(/UPSTREAM_KEY cannot be sent in a header\. The key contains a line break/)
      expect(body).not.toContain('CANARY')
    } finally {
      await front.close()
    }
  })
})
