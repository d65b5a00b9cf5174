import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ChatRequest } from '../../chat/chat-request'
import { carriableRequest } from './__fixtures__/openai-arbitraries'
import { buildOpenaiRequest } from './build-openai-request'

const target = { baseUrl: 'http://127.0.0.1:8787/v1/', apiKey: 'sk-test-key' }
const bodyOf = (request: ChatRequest): Record<string, unknown> =>
  JSON.parse(buildOpenaiRequest(request, target).http.body ?? 'null')

const hello: ChatRequest = {
  model: 'vendorb3.8-Flash-Next',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello wörld 👋' }] }],
  stream: false,
}

describe('buildOpenaiRequest', () => {
  it('posts to {base}/chat/completions with content-type then Bearer auth, body in ASCII-safe JSON', () => {
    const { http, adjustments } = buildOpenaiRequest(hello, target)
    expect(http.method).toBe('POST')
    expect(http.url).toBe('http://127.0.0.1:8787/v1/chat/completions')
    expect(Object.entries(http.headers)).toEqual([
      ['content-type', 'application/json'],
      ['authorization', 'Bearer sk-test-key'],
    ])
    expect(http.body).toBe(
      '{"model":"vendorb3.8-Flash-Next","messages":[{"role":"user","content":"Hello w\\u00f6rld \\ud83d\\udc4b"}],"stream":false}',
    )
    expect(adjustments).toEqual([])
  })

  it('puts the system prompt first, images as data URLs, tool calls and tool results in their fields', () => {
    const body = bodyOf({
      model: 'm',
      system: 'Be brief.',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: 'iVBORw0KGgo=' } },
            { type: 'image', source: { kind: 'url', url: 'https://example.com/cat.jpg' } },
          ],
        },
        {
          role: 'assistant',
          content: [{ type: 'tool-call', id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' }],
        },
        { role: 'tool', toolCallId: 'call_1', content: '{"temp_c":18}' },
        { role: 'assistant', content: [{ type: 'text', text: 'It is 18 °C.' }] },
      ],
      stream: false,
    })
    expect(body['messages']).toEqual([
      { role: 'system', content: 'Be brief.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
          { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg' } },
        ],
      },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"temp_c":18}' },
      { role: 'assistant', content: 'It is 18 °C.' },
    ])
  })

  it('writes every parameter under its wire name, and only those that are set', () => {
    const body = bodyOf({
      ...hello,
      temperature: 0.2,
      topP: 0.9,
      maxTokens: 100,
      stop: ['END'],
      seed: 7,
      stream: true,
      includeUsage: false,
      responseFormat: { type: 'json_schema', name: 'weather', schema: { type: 'object' }, strict: true },
      tools: [
        { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: {} } },
      ],
      toolChoice: { name: 'get_weather' },
      parallelToolCalls: false,
    })
    expect(body).toEqual({
      model: 'vendorb3.8-Flash-Next',
      messages: [{ role: 'user', content: 'Hello wörld 👋' }],
      max_tokens: 100,
      temperature: 0.2,
      top_p: 0.9,
      stop: ['END'],
      seed: 7,
      stream: true,
      stream_options: { include_usage: false },
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'weather', schema: { type: 'object' }, strict: true },
      },
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_weather',
            description: 'Weather',
            parameters: { type: 'object', properties: {} },
          },
        },
      ],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
      parallel_tool_calls: false,
    })
    expect(body).not.toHaveProperty('max_completion_tokens')
  })

  it('asks for usage on a stream unless told otherwise, and says it did', () => {
    const built = buildOpenaiRequest({ ...hello, stream: true }, target)
    expect(JSON.parse(built.http.body ?? '')['stream_options']).toEqual({ include_usage: true })
    expect(built.adjustments).toEqual([
      {
        param: 'includeUsage',
        action: 'defaulted',
        detail: 'stream_options.include_usage set to true so the stream reports token usage.',
      },
    ])
  })

  it('clamps temperature and top_p into range, with a sentence saying so', () => {
    const built = buildOpenaiRequest({ ...hello, temperature: 2.5, topP: -0.1 }, target)
    const body = JSON.parse(built.http.body ?? '')
    expect(body.temperature).toBe(2)
    expect(body.top_p).toBe(0)
    expect(built.adjustments).toEqual([
      {
        param: 'temperature',
        action: 'clamped',
        detail: 'temperature 2.5 clamped to 2 (Chat Completions accepts 0–2).',
      },
      { param: 'topP', action: 'clamped', detail: 'top_p -0.1 clamped to 0 (Chat Completions accepts 0–1).' },
    ])
  })

  it('keeps the first four stop sequences and names the dropped ones', () => {
    const built = buildOpenaiRequest({ ...hello, stop: ['a', 'b', 'c', 'd', 'e', 'f'] }, target)
    expect(JSON.parse(built.http.body ?? '').stop).toEqual(['a', 'b', 'c', 'd'])
    expect(built.adjustments).toEqual([
      {
        param: 'stop',
        action: 'dropped',
        detail: '6 stop sequences cut to the first 4 (Chat Completions accepts at most 4); dropped "e", "f".',
      },
    ])
  })

  it('carries a tool error as an "Error: " prefix, since tool messages have no error flag', () => {
    const built = buildOpenaiRequest(
      {
        ...hello,
        messages: [
          ...hello.messages,
          { role: 'assistant', content: [{ type: 'tool-call', id: 'c1', name: 'f', arguments: '{}' }] },
          { role: 'tool', toolCallId: 'c1', content: 'city not found', isError: true },
        ],
      },
      target,
    )
    expect(JSON.parse(built.http.body ?? '').messages[2]).toEqual({
      role: 'tool',
      tool_call_id: 'c1',
      content: 'Error: city not found',
    })
    expect(built.adjustments).toEqual([
      {
        param: 'messages',
        action: 'converted',
        detail:
          'messages[2]: tool result marked as an error sent as text starting with "Error: " (Chat Completions has no error flag).',
      },
    ])
  })

  it('drops tool_choice and parallel_tool_calls without tools (the API refuses them), and says so', () => {
    const built = buildOpenaiRequest(
      { ...hello, toolChoice: 'auto', parallelToolCalls: false, tools: [] },
      target,
    )
    const body = JSON.parse(built.http.body ?? '')
    expect(body).not.toHaveProperty('tools')
    expect(body).not.toHaveProperty('tool_choice')
    expect(body).not.toHaveProperty('parallel_tool_calls')
    expect(built.adjustments.map((a) => [a.param, a.action])).toEqual([
      ['toolChoice', 'dropped'],
      ['parallelToolCalls', 'dropped'],
    ])
  })

  it('moves assistant text that followed a tool call before it, and says so', () => {
    const built = buildOpenaiRequest(
      {
        ...hello,
        messages: [
          ...hello.messages,
          {
            role: 'assistant',
            content: [
              { type: 'text', text: 'Checking.' },
              { type: 'tool-call', id: 'c1', name: 'f', arguments: '{}' },
              { type: 'text', text: 'Done.' },
            ],
          },
          { role: 'tool', toolCallId: 'c1', content: 'ok' },
        ],
      },
      target,
    )
    expect(JSON.parse(built.http.body ?? '').messages[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'text', text: 'Checking.' },
        { type: 'text', text: 'Done.' },
      ],
      tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }],
    })
    expect(built.adjustments.map((a) => a.param)).toEqual(['messages'])
  })

  it('says includeUsage is not sent on a non-streaming request', () => {
    const built = buildOpenaiRequest({ ...hello, includeUsage: true }, target)
    expect(JSON.parse(built.http.body ?? '')).not.toHaveProperty('stream_options')
    expect(built.adjustments.map((a) => [a.param, a.action])).toEqual([['includeUsage', 'dropped']])
  })

  it('always writes a printable-ASCII body that parses back to the same JSON', () => {
    fc.assert(
      fc.property(carriableRequest, (request) => {
        const { http } = buildOpenaiRequest(request, target)
        expect(http.body).toMatch(/^[\x20-\x7e]*$/)
        expect(JSON.parse(http.body ?? '')['model']).toBe(request.model)
      }),
      { numRuns: 200 },
    )
  })
})
