import { describe, expect, it } from 'vitest'
import type { ChatRequest } from '@shared/chat/chat-request'
import { dialects } from '@shared/dialects'
import { sentRequestCurl } from './sent-request-curl'

const request: ChatRequest = {
  model: 'm',
  stream: false,
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }],
  temperature: 0.2,
}

describe('sentRequestCurl', () => {
  it('writes the request that was sent, as the dialect builds it, the key as the variable', () => {
    const curl = sentRequestCurl(
      { request, baseUrl: 'http://127.0.0.1:9', simulate: 'status=429' },
      'anthropic-messages',
    )
    if (!curl.ok) throw new Error(curl.message)
    const built = dialects['anthropic-messages'].buildRequest(request, {
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'k',
    })
    expect(curl.command).toContain(`'${built.http.url}'`)
    expect(curl.command).toContain(`--data-raw '${built.http.body ?? ''}'`)
    expect(curl.command).toContain('$MODEL_GATEWAY_API_KEY')
    expect(curl.command).toContain("-H 'x-simulate: status=429'")
  })

  it('says why when the profile had no URL yet', () => {
    expect(sentRequestCurl({ request, baseUrl: undefined, simulate: '' }, 'openai-chat').ok).toBe(false)
  })
})
