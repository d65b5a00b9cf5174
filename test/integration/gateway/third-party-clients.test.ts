import { createAnthropic } from '@ai-sdk/anthropic'
import { createOpenAI } from '@ai-sdk/openai'
import { ChatAnthropic } from '@langchain/anthropic'
import { ChatOpenAI } from '@langchain/openai'
import { generateText, streamText } from 'ai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningGateway } from '@gateway/start-gateway'
import { TEXT_MODEL, startSimulatorGateway } from './support/gateways'

/**
 * Third-party clients users point at the local gateway (Vercel AI SDK 6 with @ai-sdk/anthropic 3.x and
 * @ai-sdk/openai 3.x, LangChain's ChatAnthropic and ChatOpenAI), with thinking and reasoning effort.
 * @ai-sdk/anthropic 3.x refused every non-streamed reply while text blocks carried `citations: null`.
 */
let gateway: RunningGateway
beforeAll(async () => {
  gateway = await startSimulatorGateway()
})
afterAll(() => gateway?.close())

const QUESTION = 'Why is the sky blue?'

describe('Vercel AI SDK', () => {
  const anthropic = () => createAnthropic({ baseURL: gateway.baseUrl, apiKey: gateway.apiKey })
  const openai = () => createOpenAI({ baseURL: gateway.baseUrl, apiKey: gateway.apiKey })

  it('@ai-sdk/anthropic generateText (not streamed) with thinking: reasoning, then the answer', async () => {
    const result = await generateText({
      model: anthropic()(TEXT_MODEL),
      prompt: QUESTION,
      maxOutputTokens: 4000,
      providerOptions: { anthropic: { thinking: { type: 'enabled', budgetTokens: 2048 } } },
    })
    expect(result.text).toMatch(/simulat/i)
    expect(result.reasoningText).toMatch(/simulated thinking/)
    expect(result.usage.outputTokens).toBeGreaterThan(0)
  })

  it('@ai-sdk/anthropic streamText with thinking', async () => {
    const result = streamText({
      model: anthropic()(TEXT_MODEL),
      prompt: QUESTION,
      maxOutputTokens: 4000,
      providerOptions: { anthropic: { thinking: { type: 'enabled', budgetTokens: 2048 } } },
    })
    const kinds: string[] = []
    for await (const part of result.fullStream) {
      if (
        (part.type === 'reasoning-delta' || part.type === 'text-delta') &&
        kinds[kinds.length - 1] !== part.type
      )
        kinds.push(part.type)
    }
    expect(kinds).toEqual(['reasoning-delta', 'text-delta'])
    expect(await result.reasoningText).toMatch(/simulated thinking/)
  })

  it('@ai-sdk/openai (Chat Completions) with reasoningEffort: reasoning tokens, more for high than low', async () => {
    const reasoningTokens = async (effort: 'low' | 'high') => {
      const result = await generateText({
        model: openai().chat(TEXT_MODEL),
        prompt: QUESTION,
        providerOptions: { openai: { reasoningEffort: effort } },
      })
      expect(result.text).toMatch(/simulat/i)
      return result.usage.outputTokenDetails.reasoningTokens ?? 0
    }
    const low = await reasoningTokens('low')
    expect(low).toBeGreaterThan(0)
    expect(await reasoningTokens('high')).toBeGreaterThan(low)
  })
})

describe('LangChain', () => {
  it('ChatAnthropic with thinking: a thinking block with its signature, then the text', async () => {
    const model = new ChatAnthropic({
      model: TEXT_MODEL,
      apiKey: gateway.apiKey,
      anthropicApiUrl: gateway.origin,
      maxTokens: 4000,
      thinking: { type: 'enabled', budget_tokens: 2048 },
      maxRetries: 0,
    })
    const message = await model.invoke(QUESTION)
    const blocks = message.content as Array<{
      type: string
      thinking?: string
      signature?: string
      text?: string
    }>
    expect(blocks[0]?.type).toBe('thinking')
    expect(blocks[0]?.thinking).toMatch(/simulated thinking/)
    expect(blocks[0]?.signature?.length).toBeGreaterThan(20)
    expect(blocks.some((block) => block.type === 'text' && /simulat/i.test(block.text ?? ''))).toBe(true)
  })

  it('ChatOpenAI with reasoning effort: reasoning tokens in the usage', async () => {
    // ChatOpenAI sends `reasoning` only for model names it knows reason (o-series, gpt-5); for any
    // other model its documented way is modelKwargs.
    const model = new ChatOpenAI({
      model: TEXT_MODEL,
      apiKey: gateway.apiKey,
      configuration: { baseURL: gateway.baseUrl },
      modelKwargs: { reasoning_effort: 'medium' },
      maxRetries: 0,
    })
    const message = await model.invoke(QUESTION)
    expect(String(message.content)).toMatch(/simulat/i)
    expect(message.usage_metadata?.output_token_details?.reasoning).toBeGreaterThan(0)
  })
})
