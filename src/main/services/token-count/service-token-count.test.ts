import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it, onTestFinished } from 'vitest'
import type { ChatRequest } from '@shared/chat/chat-request'
import { startGateway, resolveGatewayConfig } from '@gateway'
import { countPromptTokens } from '@shared/tokens/count-prompt-tokens'
import { countTextTokens } from '@shared/tokens/count-text-tokens'
import { createServiceTokenCounter } from './service-token-count'

const KEY = 'sk-count-tokens-test-2b7c'
const MODEL = 'vendorb3.8-Flash-Next'

const request: ChatRequest = {
  model: MODEL,
  system: 'Answer in one sentence.',
  stream: true,
  maxTokens: 300,
  temperature: 0.2,
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'What is the tallest mountain in Norway?' }] },
    { role: 'assistant', content: [{ type: 'text', text: 'Galdhøpiggen, 2,469 m.' }] },
    { role: 'user', content: [{ type: 'text', text: 'And in Sweden? '.repeat(40) }] },
  ],
  tools: [{ name: 'get_height', parameters: { type: 'object', properties: { peak: { type: 'string' } } } }],
}

async function statusServer(status: number): Promise<{ baseUrl: string; hits: () => number }> {
  let hits = 0
  const server = createServer((req, res) => {
    hits++
    req.resume()
    res.writeHead(status, { 'content-type': 'application/json' }).end('{"error":"no"}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, hits: () => hits }
}

describe('createServiceTokenCounter', () => {
  it("asks the service's count_tokens, and the gateway counts exactly what the app's meter counts", async () => {
    const gateway = await startGateway({ apiKey: KEY, port: 0, config: resolveGatewayConfig() })
    onTestFinished(() => gateway.close())
    const count = createServiceTokenCounter({
      resolveTarget: async () => ({ baseUrl: gateway.baseUrl, apiKey: KEY, catalog: [] }),
    })
    const answer = await count({ profileId: 'remote', dialect: 'anthropic-messages', request })
    expect(answer).toEqual({ source: 'service', inputTokens: countPromptTokens(request, countTextTokens) })
  })

  it('remembers a service without the endpoint, and never claims a count it did not get', async () => {
    const missing = await statusServer(404)
    const count = createServiceTokenCounter({
      resolveTarget: async () => ({ baseUrl: missing.baseUrl, apiKey: KEY, catalog: [] }),
    })
    const input = { profileId: 'remote', dialect: 'anthropic-messages' as const, request }
    expect(await count(input)).toEqual({ source: 'none', reason: 'The service has no count_tokens.' })
    expect(await count(input)).toMatchObject({ source: 'none' })
    expect(missing.hits()).toBe(1)

    const failing = await statusServer(500)
    const flaky = createServiceTokenCounter({
      resolveTarget: async () => ({ baseUrl: failing.baseUrl, apiKey: KEY, catalog: [] }),
    })
    expect(await flaky(input)).toEqual({ source: 'none', reason: 'count_tokens answered HTTP 500.' })
    expect(await flaky({ ...input, dialect: 'openai-chat' })).toMatchObject({ source: 'none' })
    const keyless = createServiceTokenCounter({
      resolveTarget: async () => ({ baseUrl: failing.baseUrl, apiKey: null, catalog: [] }),
    })
    expect(await keyless(input)).toEqual({ source: 'none', reason: 'No API key is saved for this profile.' })
  })
})
