import { describe, expect, it } from 'vitest'
import { anthropicMessagesDialect } from '../dialects/anthropic-messages/index'
import { openaiChatDialect } from '../dialects/openai-chat/index'
import { buildCatalog } from './build-catalog'
import { buildQuickstarts, quickstartRequest } from './quickstarts'

const MODELS = ['vendora-V4-Flash-Vision-Exp', 'vendorb3.8-Flash-Next']

/** The JSON body of a generated command: the single-quoted `--data-raw` word, unquoted as a shell would. */
function dataRawBody(command: string): unknown {
  const match = /--data-raw '((?:[^']|'\\'')*)'/.exec(command)
  if (match?.[1] === undefined) throw new Error(`no --data-raw in ${command}`)
  return JSON.parse(match[1].replaceAll(`'\\''`, `'`))
}

function firstLine(command: string): string {
  return command.split('\n')[0] ?? ''
}

describe.each(MODELS)('quickstarts for %s', (model) => {
  const { openai, anthropic } = buildQuickstarts(model, 'http://127.0.0.1:8787/v1')

  it('OpenAI (curl) posts to {base_url}/chat/completions with a Bearer key from the environment', () => {
    expect(firstLine(openai)).toMatch(/^curl 'http:\/\/127\.0\.0\.1:8787\/v1\/chat\/completions'/)
    expect(openai).toMatch(/-H "authorization: Bearer \$MODEL_GATEWAY_API_KEY"/i)
    expect(openai).toMatch(/-H 'content-type: application\/json'/i)
    expect(openai).not.toMatch(/x-api-key|anthropic-version/i)
    expect(openai).not.toContain('placeholder')
  })

  it('OpenAI (curl) carries a body the chat-completions dialect accepts, for this model', () => {
    const body = dataRawBody(openai)
    expect(body).toMatchObject({ model, messages: [{ role: 'user' }] })
    expect(openaiChatDialect.decodeRequest(body)).toMatchObject({
      model,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello!' }] }],
      maxTokens: 256,
      stream: false,
    })
  })

  it('Anthropic (curl) posts to {base_url}/messages with x-api-key and the 2023-06-01 version header', () => {
    expect(firstLine(anthropic)).toMatch(/^curl 'http:\/\/127\.0\.0\.1:8787\/v1\/messages'/)
    expect(anthropic).toMatch(/-H "x-api-key: \$MODEL_GATEWAY_API_KEY"/i)
    expect(anthropic).toMatch(/-H 'anthropic-version: 2023-06-01'/i)
    expect(anthropic).toMatch(/-H 'content-type: application\/json'/i)
    expect(anthropic).not.toMatch(/authorization|bearer/i)
    expect(anthropic).not.toContain('placeholder')
  })

  it('Anthropic (curl) carries a body the messages dialect accepts, with max_tokens (required there)', () => {
    const body = dataRawBody(anthropic)
    expect(body).toMatchObject({ model, max_tokens: 256, messages: [{ role: 'user' }] })
    expect(anthropicMessagesDialect.decodeRequest(body)).toMatchObject({
      model,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello!' }] }],
      maxTokens: 256,
    })
  })
})

describe('quickstarts in the catalog records', () => {
  it('follow a custom base URL (trailing slash or not) without doubling the slash', () => {
    for (const baseUrl of ['https://gw.custom.test/api/v9', 'https://gw.custom.test/api/v9/']) {
      const [vision] = buildCatalog({ baseUrl })
      const [openaiItem, anthropicItem] = vision?.token_factory.access.quickstarts ?? []
      expect(firstLine(openaiItem?.value ?? '')).toContain(`'https://gw.custom.test/api/v9/chat/completions'`)
      expect(firstLine(anthropicItem?.value ?? '')).toContain(`'https://gw.custom.test/api/v9/messages'`)
    }
  })

  it('are exactly what the dialects would send for the quickstart request', () => {
    for (const record of buildCatalog()) {
      const { quickstart, quickstarts, base_url } = record.token_factory.access
      const target = { baseUrl: base_url.value, apiKey: 'k' }
      const request = quickstartRequest(record.model)
      const openaiBody = openaiChatDialect.buildRequest(request, target).http.body
      const anthropicBody = anthropicMessagesDialect.buildRequest(request, target).http.body
      expect(JSON.stringify(dataRawBody(quickstart.value))).toBe(openaiBody)
      expect(JSON.stringify(dataRawBody(quickstarts[0]?.value ?? ''))).toBe(openaiBody)
      expect(JSON.stringify(dataRawBody(quickstarts[1]?.value ?? ''))).toBe(anthropicBody)
    }
  })
})
