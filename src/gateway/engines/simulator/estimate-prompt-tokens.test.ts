import type * as O200kBase from 'gpt-tokenizer/encoding/o200k_base'
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base'
import { describe, expect, it, vi } from 'vitest'
import {
  longestRunWithoutWhitespace,
  tokenizedTexts,
  totalLength,
} from '../../../../test/support/tokenizer-work'
import type { ChatMessage, ChatRequest } from '../../../shared/chat/chat-request'
import type * as EstimatePromptTokensModule from './estimate-prompt-tokens'
import {
  estimatePromptTokens,
  REPLY_PRIMING_TOKENS,
  TOKENS_PER_IMAGE,
  TOKENS_PER_MESSAGE,
  TOKENS_PER_TOOL,
} from './estimate-prompt-tokens'

// The real tokenizer, watched: the linearity test checks what it is handed.
vi.mock('gpt-tokenizer/encoding/o200k_base', async (importOriginal) => {
  const actual = await importOriginal<typeof O200kBase>()
  return { ...actual, countTokens: vi.fn(actual.countTokens) }
})

/**
 * The module under test, loaded again so that it imports the watched tokenizer: the unit project
 * shares its module cache between files, and an earlier file may have loaded it with the real one.
 */
async function freshWithWatchedTokenizer(): Promise<typeof EstimatePromptTokensModule> {
  vi.resetModules()
  return import('./estimate-prompt-tokens')
}

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

  it('stays linear on a huge prompt: the tokenizer sees short pieces, each character once', async () => {
    const fresh = await freshWithWatchedTokenizer()
    const words = ['alpha', 'beta', 'gamma', 'délta', '日本', 'code()', '{"k":1}', '\n', 'the', 'quick']
    const messages: ChatMessage[] = []
    let size = 0
    for (let m = 0; size < 1_000_000; m++) {
      let text = ''
      for (let w = 0; w < 400; w++) text += `${words[(m * 31 + w * 7) % words.length]} `
      messages.push(m % 2 === 0 ? user(text) : { role: 'assistant', content: [{ type: 'text', text }] })
      size += text.length
    }
    // And a pasted blob without whitespace, the case plain BPE is quadratic on.
    let blob = ''
    for (let i = 0; i < 250_000; i++)
      blob += String.fromCharCode(97 + ((Math.imul(i, 2654435761) >>> 27) % 26))
    messages.push(user(blob))
    size += blob.length
    vi.mocked(countTokens).mockClear()
    const tokens = fresh.estimatePromptTokens(request(messages))
    expect(tokens).toBeGreaterThan(size / 8)
    // Linear whatever the machine's speed (no stopwatch: see test/support/tokenizer-work.ts).
    const texts = tokenizedTexts(vi.mocked(countTokens).mock.calls)
    expect(texts.length).toBeGreaterThan(0)
    expect(Math.max(...texts.map(longestRunWithoutWhitespace))).toBeLessThanOrEqual(256)
    // Each character once, plus the newline between texts: never message by message over a growing prefix.
    expect(totalLength(texts)).toBeLessThanOrEqual(size + messages.length)
  })
})
