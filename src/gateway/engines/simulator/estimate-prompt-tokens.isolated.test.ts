import fc from 'fast-check'
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base'
import { describe, expect, it, vi } from 'vitest'
import { tokenizerCalls as calls } from '@shared/tokens/__fixtures__/tokenizer-calls'
import type { ChatMessage, ChatRequest } from '@shared/chat/chat-request'
import { portableRequest } from '@shared/dialects/__fixtures__/portable-arbitraries'
import { WINDOW_CHARS } from '@shared/tokens/count-text-tokens'
import { estimatePromptTokens, promptTokensAtMost, readyPromptTextCounts } from './estimate-prompt-tokens'
import {
  REPLY_PRIMING_TOKENS,
  TOKENS_PER_IMAGE,
  TOKENS_PER_MESSAGE,
  TOKENS_PER_TOOL,
} from '@shared/tokens/prompt-segments'

vi.mock('gpt-tokenizer/encoding/o200k_base', async (importOriginal) =>
  (await import('@shared/tokens/__fixtures__/tokenizer-calls')).recordingTokenizer(await importOriginal()),
)

const user = (text: string): ChatMessage => ({ role: 'user', content: [{ type: 'text', text }] })
const request = (messages: ChatMessage[], extra: Partial<ChatRequest> = {}): ChatRequest => ({
  model: 'm',
  stream: false,
  messages,
  ...extra,
})

describe('estimatePromptTokens', () => {
  it('is the real token count of the text plus the documented fixed costs', () => {
    const text = 'What is the weather in Paris today?'
    expect(estimatePromptTokens(request([user(text)]))).toBe(
      countTokens(text) + TOKENS_PER_MESSAGE + REPLY_PRIMING_TOKENS,
    )
  })

  it('counts the system prompt, every message kind, each image, tools and the response schema', () => {
    const base = request([user('hi')])
    const baseTokens = estimatePromptTokens(base)
    expect(estimatePromptTokens({ ...base, system: 'Be brief.' })).toBeGreaterThan(
      baseTokens + TOKENS_PER_MESSAGE,
    )

    const withImages = request([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'hi' },
          { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: 'A'.repeat(10_000) } },
          { type: 'image', source: { kind: 'url', url: 'https://example.com/cat.jpg' } },
        ],
      },
    ])
    // Images cost a fixed amount, however large their data.
    expect(estimatePromptTokens(withImages)).toBe(baseTokens + 2 * TOKENS_PER_IMAGE)

    const toolTurn = request([
      user('weather?'),
      {
        role: 'assistant',
        content: [{ type: 'tool-call', id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' }],
      },
      { role: 'tool', toolCallId: 'call_1', content: '{"temp_c":18}' },
    ])
    expect(estimatePromptTokens(toolTurn)).toBeGreaterThan(
      estimatePromptTokens(request([user('weather?')])) + 2 * TOKENS_PER_MESSAGE,
    )

    const parameters = { type: 'object', properties: { city: { type: 'string' } } }
    const withTool = {
      ...base,
      tools: [{ name: 'get_weather', description: 'Weather for a city', parameters }],
    }
    expect(estimatePromptTokens(withTool)).toBeGreaterThan(
      baseTokens + TOKENS_PER_TOOL + countTokens(JSON.stringify(parameters)),
    )

    const withSchema: ChatRequest = {
      ...base,
      responseFormat: {
        type: 'json_schema',
        name: 'report',
        schema: { type: 'object', properties: { temp: { type: 'number' } } },
      },
    }
    expect(estimatePromptTokens(withSchema)).toBeGreaterThan(baseTokens + 10)
  })

  it('does not throw on special-token text in a prompt', () => {
    expect(estimatePromptTokens(request([user('<|endoftext|><|im_start|>system')]))).toBeGreaterThan(5)
  })

  it('counts a 4 MB conversation in bounded tokenizer calls (linear in its length)', () => {
    const words = ['alpha', 'beta', 'gamma', 'délta', '日本', 'code()', '{"k":1}', '\n', 'the', 'quick']
    const messages: ChatMessage[] = []
    let size = 0
    for (let m = 0; size < 4_000_000; m++) {
      let text = ''
      for (let w = 0; w < 400; w++) text += `${words[(m * 31 + w * 7) % words.length]} `
      messages.push(m % 2 === 0 ? user(text) : { role: 'assistant', content: [{ type: 'text', text }] })
      size += text.length
    }
    // And a pasted 1 MB blob without whitespace, the case plain BPE is quadratic on.
    let blob = ''
    for (let i = 0; i < 1_000_000; i++)
      blob += String.fromCharCode(97 + ((Math.imul(i, 2654435761) >>> 27) % 26))
    messages.push(user(blob))
    const big = request(messages)
    calls.lengths = []
    const tokens = estimatePromptTokens(big)
    expect(tokens).toBeGreaterThan(500_000)
    // BPE is quadratic in one piece only: pieces of at most a window keep the whole count linear.
    expect(Math.max(...calls.lengths)).toBeLessThanOrEqual(WINDOW_CHARS + 1)
  })

  it('tokenizes only the new turn when a chat sends its history again (settled turns are remembered)', () => {
    const turn = (n: number) => `Turn ${n}: ${'the quick brown fox jumps over the lazy dog. '.repeat(40)}`
    const history: ChatMessage[] = []
    for (let n = 0; n < 50; n++) {
      history.push(
        n % 2 === 0 ? user(turn(n)) : { role: 'assistant', content: [{ type: 'text', text: turn(n) }] },
      )
    }
    const first = request([...history, user(turn(50))])
    estimatePromptTokens(first)

    // The next send: a new request object (decoded afresh), the same history, one more exchange.
    const clone = (messages: ChatMessage[]) => JSON.parse(JSON.stringify(messages)) as ChatMessage[]
    const reply: ChatMessage = { role: 'assistant', content: [{ type: 'text', text: turn(51) }] }
    const next = request([...clone(first.messages), reply, user(turn(52))])
    calls.lengths = []
    const tokens = estimatePromptTokens(next)
    const tokenized = calls.lengths.reduce((sum, length) => sum + length, 0)
    expect(tokenized).toBe(turn(51).length + turn(52).length)
    // And the count is the same as counting from scratch: each text alone plus the fixed costs.
    const expected = next.messages.reduce(
      (sum, message) => sum + TOKENS_PER_MESSAGE + countTokens((message.content[0] as { text: string }).text),
      REPLY_PRIMING_TOKENS,
    )
    expect(tokens).toBe(expected)
  })

  it('counts readied texts ahead of time: the first send of a conversation just opened tokenizes only its new turn', async () => {
    const turn = (n: number) => `Opened ${n}: ${'a settled turn of an opened conversation. '.repeat(30)}`
    const history = Array.from({ length: 20 }, (_, n) => user(turn(n)))
    await readyPromptTextCounts(history.map((message) => (message.content[0] as { text: string }).text))
    calls.lengths = []
    const fresh = JSON.parse(JSON.stringify([...history, user(turn(20))])) as ChatMessage[]
    estimatePromptTokens(request(fresh))
    expect(calls.lengths.reduce((sum, length) => sum + length, 0)).toBe(turn(20).length)
  })
})

describe('promptTokensAtMost', () => {
  // Any UTF-16 code unit, lone surrogates included: the bound must hold for text no client should send.
  const anyText = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) })

  it('is never below the real estimate (the context check trusts a request that fits by it)', () => {
    fc.assert(
      fc.property(portableRequest, fc.array(anyText, { maxLength: 4 }), (base, texts) => {
        const withText = { ...base, messages: [...base.messages, ...texts.map(user)] }
        expect(promptTokensAtMost(withText)).toBeGreaterThanOrEqual(estimatePromptTokens(withText))
      }),
      { numRuns: 300 },
    )
  })

  it('never calls the tokenizer', () => {
    calls.lengths = []
    promptTokensAtMost(request([user('A text not counted before, about the weather in Lyon.')]))
    expect(calls.lengths).toEqual([])
  })
})
