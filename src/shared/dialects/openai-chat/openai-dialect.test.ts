import { describe, expect, it } from 'vitest'
import { openaiChatDialect } from './index'

describe('openaiChatDialect', () => {
  it('names itself as the registry and the gateway expect', () => {
    expect({
      id: openaiChatDialect.id,
      label: openaiChatDialect.label,
      path: openaiChatDialect.path,
      requestIdHeader: openaiChatDialect.requestIdHeader,
      messageIdPrefix: openaiChatDialect.messageIdPrefix,
    }).toEqual({
      id: 'openai-chat',
      label: 'OpenAI (chat completions)',
      path: '/chat/completions',
      requestIdHeader: 'x-request-id',
      messageIdPrefix: 'chatcmpl-',
    })
  })

  it('reads the key only from a Bearer authorization header', () => {
    const headers = (values: Record<string, string>) => (name: string) => values[name]
    expect(openaiChatDialect.readApiKey(headers({ authorization: 'Bearer sk-abc' }))).toBe('sk-abc')
    expect(openaiChatDialect.readApiKey(headers({ authorization: 'bearer   sk-abc  ' }))).toBe('sk-abc')
    expect(openaiChatDialect.readApiKey(headers({ authorization: 'Basic dXNlcjpwYXNz' }))).toBeUndefined()
    expect(openaiChatDialect.readApiKey(headers({ authorization: 'Bearer ' }))).toBeUndefined()
    expect(openaiChatDialect.readApiKey(headers({ 'x-api-key': 'sk-abc' }))).toBeUndefined()
    expect(() => openaiChatDialect.checkHeaders(headers({}))).not.toThrow()
  })

  it('keeps streams alive with a comment, which SSE parsers ignore', () => {
    expect(openaiChatDialect.keepAlive()).toEqual({ comment: 'ping' })
  })

  it('lists models as OpenAI does, created in Unix seconds', () => {
    expect(
      openaiChatDialect.encodeModelList(
        [
          {
            id: 'vendorb3.8-Flash-Next',
            displayName: 'vendorb3.8-Flash-Next',
            createdAt: new Date('2025-01-01T00:00:00.750Z'),
          },
        ],
        () => undefined,
      ),
    ).toEqual({
      object: 'list',
      data: [
        { id: 'vendorb3.8-Flash-Next', object: 'model', created: 1735689600, owned_by: 'model-gateway' },
      ],
    })
  })
})
