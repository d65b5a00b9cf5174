import Anthropic from '@anthropic-ai/sdk'
import type { APIError } from '@anthropic-ai/sdk'
import Anthropic0x from 'anthropic-sdk-0x'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WEATHER_PARAMETERS } from './support/sdk-expectations'
import { MODELS, ROUTES, TEXT_MODEL, startGatewayChain } from './support/gateways'
import type { GatewayChain, Route } from './support/gateways'

/**
 * Thinking and prompt caching through the official Anthropic SDKs against the local gateway: straight
 * to the simulator, through a same-dialect proxy (signatures travel), and through one that translates
 * to Chat Completions (which has no signatures nor breakpoints: thinking comes back unsigned, caching
 * is the upstream's automatic one).
 */
let chain: GatewayChain
beforeAll(async () => {
  chain = await startGatewayChain()
})
afterAll(() => chain?.close())

const WEATHER_TOOL: Anthropic.Tool = {
  name: 'get_weather',
  description: 'Current weather',
  input_schema: WEATHER_PARAMETERS,
}
/** Long enough to be cached (over 1,024 tokens), and the same on every request of a test. */
const LONG_SYSTEM = 'You are a careful assistant who reads the whole of this preamble. '.repeat(120)
const THINKING: Anthropic.ThinkingConfigParam = { type: 'enabled', budget_tokens: 2048 }

const signs = (route: Route) => route !== 'proxy to Chat Completions'

describe.each(ROUTES)('@anthropic-ai/sdk via %s', (route) => {
  const client = () =>
    new Anthropic({
      apiKey: chain.endpoints[route].apiKey,
      baseURL: chain.endpoints[route].origin,
      maxRetries: 0,
      timeout: 30_000,
    })

  it('messages.create with thinking: a signed thinking block, then the answer, counted in output', async () => {
    const message = await client().messages.create({
      model: TEXT_MODEL,
      max_tokens: 4000,
      thinking: THINKING,
      messages: [{ role: 'user', content: 'Why is the sky blue?' }],
    })
    const [first, second] = message.content
    expect(first?.type).toBe('thinking')
    expect(second?.type).toBe('text')
    const thinking = first as Anthropic.ThinkingBlock
    expect(thinking.thinking.length).toBeGreaterThan(0)
    if (signs(route)) expect(thinking.signature.length).toBeGreaterThan(20)
    else expect(thinking.signature).toBe('')
    expect(message.usage.output_tokens).toBeGreaterThan(0)
    // No citations key when there are none, as the API writes it.
    expect(second).not.toHaveProperty('citations')
  })

  it('messages.stream with thinking: thinking deltas, one signature, then the text; finalMessage() holds it all', async () => {
    const stream = client().messages.stream({
      model: TEXT_MODEL,
      max_tokens: 4000,
      thinking: THINKING,
      messages: [{ role: 'user', content: 'Why is the sky blue?' }],
    })
    const order: string[] = []
    let thinkingText = ''
    stream.on('streamEvent', (event) => {
      if (event.type === 'content_block_start') order.push(`start:${event.content_block.type}`)
      if (event.type === 'content_block_delta') {
        if (order[order.length - 1] !== event.delta.type) order.push(event.delta.type)
        if (event.delta.type === 'thinking_delta') thinkingText += event.delta.thinking
      }
    })
    const final = await stream.finalMessage()
    const expected = [
      'start:thinking',
      'thinking_delta',
      ...(signs(route) ? ['signature_delta'] : []),
      'start:text',
      'text_delta',
    ]
    expect(order).toEqual(expected)
    const block = final.content[0] as Anthropic.ThinkingBlock
    expect(block.type).toBe('thinking')
    expect(block.thinking).toBe(thinkingText)
    if (signs(route)) expect(block.signature.length).toBeGreaterThan(20)
    expect(final.content[1]?.type).toBe('text')
  })

  it('a tool loop that sends the thinking back unchanged is answered; changed thinking is a 400 naming the signature', async () => {
    const ask: Anthropic.MessageParam = { role: 'user', content: 'Use get_weather for Paris, please.' }
    const first = await client().messages.create({
      model: TEXT_MODEL,
      max_tokens: 4000,
      thinking: THINKING,
      tools: [WEATHER_TOOL],
      messages: [ask],
    })
    expect(first.stop_reason).toBe('tool_use')
    const call = first.content.find((block) => block.type === 'tool_use') as Anthropic.ToolUseBlock
    const result: Anthropic.MessageParam = {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: call.id, content: '18 °C, clear' }],
    }
    const loop = (content: Anthropic.ContentBlockParam[]) =>
      client().messages.create({
        model: TEXT_MODEL,
        max_tokens: 4000,
        thinking: THINKING,
        tools: [WEATHER_TOOL],
        messages: [ask, { role: 'assistant', content }, result],
      })
    const answered = await loop(first.content as unknown as Anthropic.ContentBlockParam[])
    expect(answered.stop_reason).toBe('end_turn')

    if (!signs(route)) return
    const altered = first.content.map((block) =>
      block.type === 'thinking' ? { ...block, thinking: `${block.thinking} (edited)` } : block,
    ) as unknown as Anthropic.ContentBlockParam[]
    const signature = (first.content[0] as Anthropic.ThinkingBlock).signature
    const error = (await loop(altered).catch((e: unknown) => e)) as APIError
    expect(error).toBeInstanceOf(Anthropic.BadRequestError)
    expect(error.status).toBe(400)
    expect(error.message).toMatch(/signature/)
    expect(error.message).toContain(signature.slice(0, 24))
  })

  it('refuses what the API refuses: a budget under 1024 or not under max_tokens, thinking with a forced tool', async () => {
    const attempt = (params: Partial<Anthropic.MessageCreateParamsNonStreaming>) =>
      client()
        .messages.create({
          model: TEXT_MODEL,
          max_tokens: 2000,
          messages: [{ role: 'user', content: 'Hi' }],
          ...params,
        })
        .catch((e: unknown) => e as APIError)
    const small = await attempt({ thinking: { type: 'enabled', budget_tokens: 1000 } })
    expect((small as APIError).status).toBe(400)
    expect((small as APIError).message).toMatch(/budget_tokens/)
    const big = await attempt({ thinking: { type: 'enabled', budget_tokens: 2000 } })
    expect((big as APIError).status).toBe(400)
    expect((big as APIError).message).toMatch(/max_tokens/)
    const forced = await attempt({
      thinking: { type: 'enabled', budget_tokens: 1024 },
      tools: [WEATHER_TOOL],
      tool_choice: { type: 'tool', name: 'get_weather' },
    })
    expect((forced as APIError).status).toBe(400)
    expect((forced as APIError).message).toMatch(/tool_choice/)
  })

  it('reports the cache on a repeated request: written the first time, read the second', async () => {
    const params: Anthropic.MessageCreateParamsNonStreaming = {
      model: TEXT_MODEL,
      max_tokens: 200,
      // Unique per route: the back gateway's cache is shared by the three routes.
      system: [{ type: 'text', text: `${route}: ${LONG_SYSTEM}`, cache_control: { type: 'ephemeral' } }],
      messages: [{ role: 'user', content: 'Summarize the preamble.' }],
    }
    const first = await client().messages.create(params)
    const second = await client().messages.create(params)
    expect(first.usage.cache_read_input_tokens ?? 0).toBe(0)
    expect(second.usage.cache_read_input_tokens ?? 0).toBeGreaterThanOrEqual(1024)
    if (route === 'proxy to Chat Completions') return
    // Messages: the prefix up to the breakpoint is written, then read, and input_tokens is the rest.
    expect(first.usage.cache_creation_input_tokens).toBe(second.usage.cache_read_input_tokens)
    expect(second.usage.cache_creation_input_tokens).toBe(0)
    expect(second.usage.input_tokens).toBe(
      first.usage.input_tokens +
        (first.usage.cache_creation_input_tokens ?? 0) -
        (second.usage.cache_read_input_tokens ?? 0),
    )
  })

  it('counts the tokens of a request with thinking and cache_control', async () => {
    const count = await client().messages.countTokens({
      model: TEXT_MODEL,
      thinking: THINKING,
      system: [{ type: 'text', text: LONG_SYSTEM, cache_control: { type: 'ephemeral', ttl: '1h' } }],
      messages: [{ role: 'user', content: 'Hi' }],
    })
    expect(count.input_tokens).toBeGreaterThan(1024)
  })
})

describe('anthropic-sdk-0x (0.x) against the simulator', () => {
  it('reads thinking blocks and the cache usage', async () => {
    const client = new Anthropic0x({
      apiKey: chain.endpoints.simulator.apiKey,
      baseURL: chain.endpoints.simulator.origin,
      maxRetries: 0,
      timeout: 30_000,
    }) as unknown as Anthropic
    const message = await client.messages
      .stream({
        model: TEXT_MODEL,
        max_tokens: 4000,
        thinking: THINKING,
        system: [{ type: 'text', text: `0x ${LONG_SYSTEM}`, cache_control: { type: 'ephemeral' } }],
        messages: [{ role: 'user', content: 'Hello' }],
      })
      .finalMessage()
    const block = message.content[0] as Anthropic.ThinkingBlock
    expect(block.type).toBe('thinking')
    expect(block.signature.length).toBeGreaterThan(20)
    expect(message.usage.cache_creation_input_tokens).toBeGreaterThanOrEqual(1024)
  })
})

describe('GET /v1/models in the Messages shape', () => {
  it('pages with limit, has_more, first_id and last_id, which the SDK follows to the end', async () => {
    const client = new Anthropic({
      apiKey: chain.endpoints.simulator.apiKey,
      baseURL: chain.endpoints.simulator.origin,
      maxRetries: 0,
    })
    const page = await client.models.list({ limit: 1 })
    expect(page.data).toHaveLength(1)
    expect(page.has_more).toBe(true)
    expect(page.first_id).toBe(page.data[0]?.id)
    expect(page.last_id).toBe(page.data[0]?.id)
    const ids: string[] = []
    for await (const model of client.models.list({ limit: 1 })) ids.push(model.id)
    expect(ids.sort()).toEqual([...MODELS].sort())
  })
})
