import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningGateway } from '@gateway/start-gateway'
import { GATEWAY_ADJUSTMENTS_HEADER, parseAdjustmentsHeader } from '@shared/runs/gateway-adjustments-header'
import { startCapturingUpstream, type CapturingUpstream } from './support/capturing-upstream'
import { CLIENT_KEY, TEXT_MODEL, startGatewayChain, startProxyGateway } from './support/gateways'
import type { GatewayChain } from './support/gateways'
import { bearer, postJson, readSse, xApiKey } from './support/raw-http'

/**
 * The proxy translating reasoning and caching between the dialects (docs/gateway.md, "Reasoning and
 * prompt caching"): what the upstream receives, what the client is told was changed or dropped (the
 * `x-gateway-adjustments` header), and the usage translated on the way back.
 */
let upstream: CapturingUpstream
let toChat: RunningGateway
let chain: GatewayChain
beforeAll(async () => {
  upstream = await startCapturingUpstream()
  toChat = await startProxyGateway({ upstreamBaseUrl: upstream.baseUrl, upstreamDialect: 'openai-chat' })
  chain = await startGatewayChain()
})
afterAll(async () => {
  await toChat?.close()
  await upstream?.close()
  await chain?.close()
})

const SIGNATURE = 'c2lnbmF0dXJlLW9mLWFuLWVhcmxpZXItdHVybg'
/** A Messages conversation with a thinking budget, an earlier signed thinking block and two breakpoints. */
const MESSAGES_WITH_THINKING = {
  model: TEXT_MODEL,
  max_tokens: 16_000,
  thinking: { type: 'enabled', budget_tokens: 8192 },
  system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }],
  messages: [
    { role: 'user', content: 'Why is the sky blue?' },
    {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'Rayleigh scattering, then.', signature: SIGNATURE },
        { type: 'text', text: 'Rayleigh scattering.' },
      ],
    },
    {
      role: 'user',
      content: [{ type: 'text', text: 'And at sunset?', cache_control: { type: 'ephemeral', ttl: '1h' } }],
    },
  ],
}

describe('a Messages request with thinking, proxied to a Chat Completions upstream', () => {
  it.each([false, true])(
    'arrives as reasoning_effort without breakpoints or thinking, and says what it dropped (stream %s)',
    async (stream) => {
      const before = upstream.requests.length
      const response = await postJson(
        `${toChat.origin}/v1/messages`,
        { ...MESSAGES_WITH_THINKING, stream },
        xApiKey(CLIENT_KEY),
      )
      expect(response.status).toBe(200)
      const adjustments = parseAdjustmentsHeader(response.headers.get(GATEWAY_ADJUSTMENTS_HEADER))
      if (stream) await readSse(response)
      else await response.json()

      const sent = upstream.requests.slice(before)
      expect(sent).toHaveLength(1)
      const body = JSON.parse(sent[0]?.body ?? '{}') as Record<string, unknown>
      // The budget of 8,192 tokens is exactly the effort `high` stands for.
      expect(body['reasoning_effort']).toBe('high')
      expect(body).not.toHaveProperty('thinking')
      expect(sent[0]?.body).not.toContain('cache_control')
      expect(sent[0]?.body).not.toContain(SIGNATURE)
      expect(sent[0]?.body).not.toContain('Rayleigh scattering, then.')

      expect(adjustments).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            param: 'reasoning',
            action: 'converted',
            detail: expect.stringMatching(/8192 tokens sent as reasoning_effort "high"/),
          }),
          expect.objectContaining({
            param: 'cache',
            action: 'dropped',
            detail: expect.stringMatching(/^2 cache breakpoint/),
          }),
          expect.objectContaining({
            param: 'messages',
            action: 'dropped',
            detail: expect.stringMatching(/1 thinking part/),
          }),
        ]),
      )
    },
  )

  it('sends no adjustments header when nothing had to change (same dialect, or the simulator)', async () => {
    const simple = { model: TEXT_MODEL, max_tokens: 300, messages: [{ role: 'user', content: 'Hi' }] }
    for (const endpoint of [chain.endpoints.simulator, chain.endpoints['proxy to Messages']]) {
      const response = await postJson(`${endpoint.origin}/v1/messages`, simple, xApiKey(endpoint.apiKey))
      expect(response.status).toBe(200)
      await response.json()
      expect(response.headers.get(GATEWAY_ADJUSTMENTS_HEADER)).toBeNull()
    }
  })
})

describe('usage translated back', () => {
  it('Chat Completions client → Messages upstream: reasoning_effort becomes a budget, reasoning tokens come back', async () => {
    const endpoint = chain.endpoints['proxy to Messages']
    const ask = (effort: string) =>
      postJson(
        `${endpoint.origin}/v1/chat/completions`,
        {
          model: TEXT_MODEL,
          max_completion_tokens: 20_000,
          reasoning_effort: effort,
          prompt_cache_key: 'team-a',
          messages: [{ role: 'user', content: 'Why is the sky blue?' }],
        },
        bearer(endpoint.apiKey),
      )
    const response = await ask('high')
    expect(response.status).toBe(200)
    const json = (await response.json()) as {
      choices: Array<{ message: { reasoning_content?: string } }>
      usage: { completion_tokens: number; completion_tokens_details?: { reasoning_tokens?: number } }
    }
    expect(json.choices[0]?.message.reasoning_content?.length).toBeGreaterThan(0)
    const reasoningTokens = json.usage.completion_tokens_details?.reasoning_tokens ?? 0
    expect(reasoningTokens).toBeGreaterThan(0)
    expect(reasoningTokens).toBeLessThan(json.usage.completion_tokens)
    expect(parseAdjustmentsHeader(response.headers.get(GATEWAY_ADJUSTMENTS_HEADER))).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          param: 'reasoning',
          action: 'converted',
          detail: 'reasoning effort high sent as thinking with budget_tokens 8192.',
        }),
        expect.objectContaining({ param: 'promptCacheKey', action: 'dropped' }),
      ]),
    )
  })

  it('Messages client → Chat Completions upstream: cached_tokens come back as cache_read_input_tokens, streamed too', async () => {
    const endpoint = chain.endpoints['proxy to Chat Completions']
    const system = 'Read this preamble with care before you answer anything at all. '.repeat(120)
    const request = {
      model: TEXT_MODEL,
      max_tokens: 200,
      stream: true,
      system: [{ type: 'text', text: system, cache_control: { type: 'ephemeral' } }],
      messages: [{ role: 'user', content: 'Summarize the preamble.' }],
    }
    const usageOf = async (): Promise<Record<string, number>> => {
      const response = await postJson(`${endpoint.origin}/v1/messages`, request, xApiKey(endpoint.apiKey))
      expect(response.status).toBe(200)
      const { events } = await readSse(response)
      const delta = events.find((event) => event.event === 'message_delta')
      return (JSON.parse(delta?.data ?? '{}') as { usage: Record<string, number> }).usage
    }
    const first = await usageOf()
    const second = await usageOf()
    expect(first['cache_read_input_tokens'] ?? 0).toBe(0)
    expect(second['cache_read_input_tokens']).toBeGreaterThanOrEqual(1024)
    // Chat Completions caches in 128-token steps.
    expect((second['cache_read_input_tokens'] ?? 0) % 128).toBe(0)
  })
})
