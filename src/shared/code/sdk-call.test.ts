import { describe, expect, it } from 'vitest'
import type { ChatRequest } from '../chat/chat-request'
import { SECRET, sentHttp } from './__fixtures__/code-arbitraries'
import { CodeUnsafeInputError } from './code-unsafe-input-error'
import { toSdkCall } from './sdk-call'

const request: ChatRequest = {
  model: 'm',
  stream: true,
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
}

describe('toSdkCall', () => {
  it('gives openai the base URL with /v1 and Anthropic the one without, so each SDK posts to the same URL', () => {
    const openai = toSdkCall({ dialect: 'openai-chat', http: sentHttp('openai-chat', request) })
    expect(openai.baseUrl + '/chat/completions').toBe(sentHttp('openai-chat', request).url)
    const anthropic = toSdkCall({
      dialect: 'anthropic-messages',
      http: sentHttp('anthropic-messages', request),
    })
    expect(anthropic.baseUrl + '/v1/messages').toBe(sentHttp('anthropic-messages', request).url)
  })

  it('keeps the body field for field and the headers the SDK does not send itself', () => {
    const http = sentHttp('anthropic-messages', request, 'status=429')
    const call = toSdkCall({ dialect: 'anthropic-messages', http, secret: SECRET })
    expect(call.body).toEqual(JSON.parse(http.body ?? ''))
    expect(call.stream).toBe(true)
    // The key header and the version are the SDK's; the gateway's fault injection is ours.
    expect(call.extraHeaders).toEqual({ 'x-simulate': 'status=429' })
    expect(JSON.stringify(call)).not.toContain(SECRET)
    expect(call.envVar).toBe('MODEL_GATEWAY_API_KEY')
  })

  it('refuses a Messages URL the SDKs cannot reach (they always add /v1/messages)', () => {
    const http = { ...sentHttp('anthropic-messages', request), url: 'http://127.0.0.1:9/api/messages' }
    expect(() => toSdkCall({ dialect: 'anthropic-messages', http })).toThrow(CodeUnsafeInputError)
  })

  it('refuses what the SDK would not send as is: a query, a body that is no JSON object, a bad variable name', () => {
    const http = sentHttp('openai-chat', request)
    expect(() => toSdkCall({ dialect: 'openai-chat', http: { ...http, url: http.url + '?x=1' } })).toThrow(
      /query/,
    )
    expect(() => toSdkCall({ dialect: 'openai-chat', http: { ...http, body: '[1]' } })).toThrow(/object/)
    expect(() => toSdkCall({ dialect: 'openai-chat', http, envVar: 'A-B' })).toThrow(/variable/)
  })
})
