import { describe, expect, it } from 'vitest'
import type { ChatRequest } from '../../chat/chat-request'
import { buildAnthropicRequest } from './build-anthropic-request'

const TARGET = { baseUrl: 'http://127.0.0.1:8787/v1/', apiKey: 'sk-test' }

function build(request: Partial<ChatRequest>) {
  const built = buildAnthropicRequest(
    {
      model: 'vendorb3.8-Flash-Next',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
      stream: false,
      maxTokens: 100,
      ...request,
    },
    TARGET,
  )
  return { ...built, body: JSON.parse(built.http.body ?? 'null') as Record<string, unknown> }
}

describe('buildAnthropicRequest', () => {
  it('posts to {base}/messages with content-type, x-api-key and the version header, in that order', () => {
    const { http } = buildAnthropicRequest(
      {
        model: 'm',
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello wörld 👋' }] }],
        stream: true,
        maxTokens: 10,
      },
      TARGET,
    )
    expect(http.method).toBe('POST')
    expect(http.url).toBe('http://127.0.0.1:8787/v1/messages')
    expect(Object.entries(http.headers)).toEqual([
      ['content-type', 'application/json'],
      ['x-api-key', 'sk-test'],
      ['anthropic-version', '2023-06-01'],
    ])
    // Compact and ASCII-only, so the generated curl carries these very bytes.
    expect(http.body).toBe(
      '{"model":"m","max_tokens":10,"messages":[{"role":"user","content":"Hello w\\u00f6rld \\ud83d\\udc4b"}],"stream":true}',
    )
  })

  it('defaults max_tokens to 4096 and says so: Messages requires it', () => {
    const { body, adjustments } = build({ maxTokens: undefined })
    expect(body['max_tokens']).toBe(4096)
    expect(adjustments).toEqual([
      { param: 'maxTokens', action: 'defaulted', detail: expect.stringContaining('4096') },
    ])
  })

  it('sends only the fields that are set, and reports no adjustment for a request that fits', () => {
    const { body, adjustments } = build({})
    expect(Object.keys(body)).toEqual(['model', 'max_tokens', 'messages'])
    expect(adjustments).toEqual([])
  })

  it('clamps temperature to 0–1 and reports it; keeps top_p', () => {
    const high = build({ temperature: 1.5, topP: 0.9 })
    expect(high.body['temperature']).toBe(1)
    expect(high.body['top_p']).toBe(0.9)
    expect(high.adjustments).toEqual([
      {
        param: 'temperature',
        action: 'clamped',
        detail: 'temperature 1.5 clamped to 1 (Messages accepts 0–1).',
      },
    ])
    expect(build({ temperature: 0.7 }).adjustments).toEqual([])
  })

  it('drops whitespace-only stop sequences with an adjustment each', () => {
    const { body, adjustments } = build({ stop: ['END', ' ', '\n'] })
    expect(body['stop_sequences']).toEqual(['END'])
    expect(adjustments.map((a) => [a.param, a.action])).toEqual([
      ['stop', 'dropped'],
      ['stop', 'dropped'],
    ])
    expect(build({ stop: ['  '] }).body).not.toHaveProperty('stop_sequences')
  })

  it('drops seed and ignores includeUsage (Messages always reports usage)', () => {
    const { body, adjustments } = build({ seed: 7, includeUsage: true })
    expect(body).not.toHaveProperty('seed')
    expect(adjustments).toEqual([
      { param: 'seed', action: 'dropped', detail: 'seed 7 dropped: Messages has no seed parameter.' },
    ])
  })

  it('moves the system prompt to the top-level field', () => {
    expect(build({ system: 'Be brief.' }).body['system']).toBe('Be brief.')
    expect(build({ system: '' }).body).not.toHaveProperty('system')
  })

  it('sends images as base64 or url sources, and drops media types Messages cannot take', () => {
    const { body, adjustments } = build({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: 'iVBORw0KGgo=' } },
            {
              type: 'image',
              source: { kind: 'base64', mediaType: 'image/jpeg', data: 'data:image/jpeg;base64,/9j/4A==' },
            },
            { type: 'image', source: { kind: 'url', url: 'https://example.com/cat.jpg' } },
            { type: 'image', source: { kind: 'url', url: 'data:image/gif;base64,R0lGOD==' } },
            { type: 'image', source: { kind: 'base64', mediaType: 'image/bmp', data: 'Qk0=' } },
            { type: 'text', text: 'What are these?' },
          ],
        },
      ],
    })
    expect(body['messages']).toEqual([
      {
        role: 'user',
        content: [
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
          { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: '/9j/4A==' } },
          { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
          { type: 'image', source: { type: 'base64', media_type: 'image/gif', data: 'R0lGOD==' } },
          { type: 'text', text: 'What are these?' },
        ],
      },
    ])
    expect(adjustments).toEqual([
      { param: 'messages', action: 'dropped', detail: expect.stringContaining('image/bmp') },
    ])
  })

  it('turns assistant tool calls into tool_use blocks and merges tool results with the next user turn (B5)', () => {
    const { body, adjustments } = build({
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Weather in Paris and Rome?' }] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Checking.' },
            { type: 'tool-call', id: 'toolu_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
            { type: 'tool-call', id: 'toolu_2', name: 'get_weather', arguments: '{"city": "Ro' },
          ],
        },
        { role: 'tool', toolCallId: 'toolu_1', content: '18°C, clear' },
        { role: 'tool', toolCallId: 'toolu_2', content: 'HTTP 500', isError: true },
        { role: 'user', content: [{ type: 'text', text: 'Also suggest clothing.' }] },
      ],
    })
    expect(body['messages']).toEqual([
      { role: 'user', content: 'Weather in Paris and Rome?' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
          {
            type: 'tool_use',
            id: 'toolu_2',
            name: 'get_weather',
            input: { rawInvalidInput: '{"city": "Ro' },
          },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: '18°C, clear' },
          { type: 'tool_result', tool_use_id: 'toolu_2', content: 'HTTP 500', is_error: true },
          { type: 'text', text: 'Also suggest clothing.' },
        ],
      },
    ])
    expect(adjustments).toEqual([
      { param: 'messages', action: 'converted', detail: expect.stringContaining('toolu_2') },
    ])
  })

  it('sends an empty argument string as {} and a JSON array as rawInvalidInput', () => {
    const { body } = build({
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'x' }] },
        {
          role: 'assistant',
          content: [
            { type: 'tool-call', id: 'a', name: 'f', arguments: '' },
            { type: 'tool-call', id: 'b', name: 'f', arguments: '[1]' },
          ],
        },
        { role: 'tool', toolCallId: 'a', content: '' },
        { role: 'tool', toolCallId: 'b', content: '' },
      ],
    })
    const assistant = (body['messages'] as Array<{ content: Array<{ input: unknown }> }>)[1]
    expect(assistant?.content.map((b) => b.input)).toEqual([{}, { rawInvalidInput: '[1]' }])
  })

  it('rewrites tool ids Messages rejects, the same way in the tool_use and its tool_result', () => {
    const { body, adjustments } = build({
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'x' }] },
        { role: 'assistant', content: [{ type: 'tool-call', id: 'call.1:a', name: 'f', arguments: '{}' }] },
        { role: 'tool', toolCallId: 'call.1:a', content: 'ok' },
      ],
    })
    const messages = body['messages'] as Array<{ content: Array<Record<string, unknown>> }>
    expect(messages[1]?.content[0]?.['id']).toBe('call_1_a')
    expect(messages[2]?.content[0]?.['tool_use_id']).toBe('call_1_a')
    expect(adjustments).toHaveLength(1)
  })

  it('drops empty text blocks and messages left empty, and says so', () => {
    const { body, adjustments } = build({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: '' },
            { type: 'text', text: 'Hi' },
          ],
        },
        { role: 'assistant', content: [{ type: 'text', text: '' }] },
      ],
    })
    expect(body['messages']).toEqual([{ role: 'user', content: 'Hi' }])
    expect(adjustments.map((a) => a.action)).toEqual(['dropped', 'dropped'])
  })

  it('maps tools and every tool_choice', () => {
    const tools = [
      { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: {} } },
    ]
    expect(build({ tools }).body['tools']).toEqual([
      { name: 'get_weather', description: 'Weather', input_schema: { type: 'object', properties: {} } },
    ])
    const choices: Array<[ChatRequest['toolChoice'], unknown]> = [
      ['auto', { type: 'auto' }],
      ['required', { type: 'any' }],
      ['none', { type: 'none' }],
      [{ name: 'get_weather' }, { type: 'tool', name: 'get_weather' }],
    ]
    for (const [toolChoice, wire] of choices) {
      const built = build({ tools, toolChoice })
      expect(built.body['tool_choice']).toEqual(wire)
      expect(built.adjustments).toEqual([])
    }
  })

  it('carries parallelToolCalls false as disable_parallel_tool_use (opposite polarity) on the tool_choice', () => {
    const tools = [{ name: 'f', parameters: { type: 'object' } }]
    const withoutChoice = build({ tools, parallelToolCalls: false })
    expect(withoutChoice.body['tool_choice']).toEqual({ type: 'auto', disable_parallel_tool_use: true })
    expect(withoutChoice.adjustments).toEqual([
      { param: 'parallelToolCalls', action: 'converted', detail: expect.any(String) },
    ])
    expect(build({ tools, toolChoice: 'required', parallelToolCalls: false }).body['tool_choice']).toEqual({
      type: 'any',
      disable_parallel_tool_use: true,
    })
    const none = build({ tools, toolChoice: 'none', parallelToolCalls: false })
    expect(none.body['tool_choice']).toEqual({ type: 'none' })
    expect(none.adjustments[0]?.action).toBe('dropped')
    const noTools = build({ parallelToolCalls: false })
    expect(noTools.body).not.toHaveProperty('tool_choice')
    expect(noTools.adjustments[0]?.action).toBe('dropped')
    expect(build({ tools, parallelToolCalls: true }).body).not.toHaveProperty('tool_choice')
  })

  it('converts response formats to output_config.format and reports what does not carry over', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } }
    const jsonSchema = build({
      responseFormat: { type: 'json_schema', name: 'answer', schema, strict: true },
    })
    expect(jsonSchema.body['output_config']).toEqual({ format: { type: 'json_schema', schema } })
    expect(jsonSchema.adjustments).toEqual([
      {
        param: 'responseFormat',
        action: 'converted',
        detail:
          'responseFormat json_schema sent as output_config.format; name "answer", strict true dropped (Messages takes only the schema).',
      },
    ])
    const jsonObject = build({ responseFormat: { type: 'json_object' } })
    expect(jsonObject.body['output_config']).toEqual({
      format: { type: 'json_schema', schema: { type: 'object' } },
    })
    expect(jsonObject.adjustments[0]?.action).toBe('converted')
    const text = build({ responseFormat: { type: 'text' } })
    expect(text.body).not.toHaveProperty('output_config')
    expect(text.adjustments).toEqual([])
  })
})
