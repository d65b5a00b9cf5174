import OpenAI from 'openai'
import type { APIError } from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LONG_PROMPT } from './support/sdk-expectations'
import { ROUTES, TEXT_MODEL, startGatewayChain } from './support/gateways'
import type { GatewayChain, Route } from './support/gateways'

/**
 * `reasoning_effort` and automatic prompt caching through the official `openai` SDK against the local
 * gateway: straight to the simulator, through a same-dialect proxy, and through one that translates
 * to Messages (an effort becomes a thinking budget; Messages caches only at breakpoints, which a Chat
 * Completions request has none of, so nothing is cached that way).
 */
let chain: GatewayChain
beforeAll(async () => {
  chain = await startGatewayChain()
})
afterAll(() => chain?.close())

/** `reasoning_content` is not in the SDK's types: it is the DeepSeek/vLLM convention the gateway writes. */
type WithReasoning = { reasoning_content?: string }
type Effort = NonNullable<OpenAI.Chat.ChatCompletionCreateParamsNonStreaming['reasoning_effort']>

describe.each(ROUTES)('openai SDK via %s', (route: Route) => {
  const client = () =>
    new OpenAI({
      apiKey: chain.endpoints[route].apiKey,
      baseURL: chain.endpoints[route].baseUrl,
      maxRetries: 0,
      timeout: 30_000,
    })
  const ask = (effort: Effort, limit: 'max_tokens' | 'max_completion_tokens' = 'max_completion_tokens') =>
    client().chat.completions.create({
      model: TEXT_MODEL,
      reasoning_effort: effort,
      ...(limit === 'max_tokens' ? { max_tokens: 16_000 } : { max_completion_tokens: 16_000 }),
      messages: [{ role: 'user', content: 'Why is the sky blue?' }],
    })

  it('chat.completions.create with reasoning_effort: reasoning tokens, more for high than for low', async () => {
    const low = await ask('low')
    const high = await ask('high')
    const lowReasoning = low.usage?.completion_tokens_details?.reasoning_tokens ?? 0
    const highReasoning = high.usage?.completion_tokens_details?.reasoning_tokens ?? 0
    expect(lowReasoning).toBeGreaterThan(0)
    expect(highReasoning).toBeGreaterThan(lowReasoning)
    // Reasoning is part of the output, and its text comes in reasoning_content beside the answer.
    expect(low.usage?.completion_tokens).toBeGreaterThan(lowReasoning)
    const message = low.choices[0]?.message as OpenAI.Chat.ChatCompletionMessage & WithReasoning
    expect(message.reasoning_content?.length).toBeGreaterThan(0)
    expect(message.content?.length).toBeGreaterThan(0)
  })

  it('accepts reasoning_effort beside max_tokens as well; none thinks not at all', async () => {
    const withMaxTokens = await ask('medium', 'max_tokens')
    expect(withMaxTokens.usage?.completion_tokens_details?.reasoning_tokens).toBeGreaterThan(0)
    const none = await ask('none')
    expect(none.usage?.completion_tokens_details?.reasoning_tokens ?? 0).toBe(0)
    expect((none.choices[0]?.message as WithReasoning).reasoning_content).toBeUndefined()
  })

  it('streams reasoning_content deltas before the answer', async () => {
    const stream = await client().chat.completions.create({
      model: TEXT_MODEL,
      reasoning_effort: 'low',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'Why is the sky blue?' }],
    })
    const kinds: string[] = []
    let usage: OpenAI.Chat.ChatCompletionChunk['usage']
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta as
        (OpenAI.Chat.ChatCompletionChunk.Choice.Delta & WithReasoning) | undefined
      const kind = delta?.reasoning_content ? 'reasoning' : delta?.content ? 'content' : undefined
      if (kind !== undefined && kinds[kinds.length - 1] !== kind) kinds.push(kind)
      if (chunk.usage) usage = chunk.usage
    }
    expect(kinds).toEqual(['reasoning', 'content'])
    expect(usage?.completion_tokens_details?.reasoning_tokens).toBeGreaterThan(0)
  })

  it('refuses an effort it does not know with a 400 naming reasoning_effort', async () => {
    const error = (await client()
      .chat.completions.create({
        model: TEXT_MODEL,
        reasoning_effort: 'extreme' as Effort,
        messages: [{ role: 'user', content: 'Hi' }],
      })
      .catch((e: unknown) => e)) as APIError
    expect(error).toBeInstanceOf(OpenAI.BadRequestError)
    expect(error.message).toMatch(/reasoning_effort/)
    expect(error.message).toMatch(/extreme/)
  })

  it('reports cached prompt tokens on a repeated long prompt, in steps of 128', async () => {
    const params: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = {
      model: TEXT_MODEL,
      max_completion_tokens: 100,
      prompt_cache_key: `integration-${route}`,
      messages: [
        { role: 'system', content: `${route}: ${LONG_PROMPT}` },
        { role: 'user', content: 'Summarize.' },
      ],
    }
    const first = await client().chat.completions.create(params)
    const second = await client().chat.completions.create(params)
    expect(first.usage?.prompt_tokens_details?.cached_tokens ?? 0).toBe(0)
    const cached = second.usage?.prompt_tokens_details?.cached_tokens ?? 0
    if (route === 'proxy to Messages') {
      expect(cached).toBe(0)
      return
    }
    expect(cached).toBeGreaterThanOrEqual(1024)
    expect(cached % 128).toBe(0)
    expect(cached).toBeLessThanOrEqual(second.usage?.prompt_tokens ?? 0)
  })
})
