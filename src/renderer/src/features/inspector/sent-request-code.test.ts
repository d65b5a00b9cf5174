import { describe, expect, it } from 'vitest'
import type { ChatRequest } from '@shared/chat/chat-request'
import { generateCode } from '@shared/code'
import { dialects } from '@shared/dialects'
import { withSimulateHeader } from '@shared/runs/simulate-header'
import { sentRequestCode } from './sent-request-code'

const request: ChatRequest = {
  model: 'm',
  stream: true,
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }],
  temperature: 0.2,
}

describe('sentRequestCode', () => {
  it('writes the request that was sent, with the SDK of its dialect, the key from the environment', () => {
    const sent = { request, baseUrl: 'http://127.0.0.1:9/v1', simulate: 'status=429' }
    const code = sentRequestCode(sent, 'anthropic-messages', 'python')
    if (!code.ok) throw new Error(code.message)
    const built = dialects['anthropic-messages'].buildRequest(request, {
      baseUrl: sent.baseUrl,
      apiKey: 'sk-test-0c9d',
    })
    const http = withSimulateHeader(built.http, sent.simulate)
    expect(code.code).toBe(
      generateCode('python', { dialect: 'anthropic-messages', http, secret: 'sk-test-0c9d' }),
    )
    expect(code.packageName).toBe('anthropic')
    expect(code.code).toContain('os.environ["MODEL_GATEWAY_API_KEY"]')
  })

  it('says why when the profile had no URL yet', () => {
    const code = sentRequestCode({ request, baseUrl: undefined, simulate: '' }, 'openai-chat', 'typescript')
    expect(code).toEqual({ ok: false, message: expect.stringMatching(/not loaded/) })
  })
})
