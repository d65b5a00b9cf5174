import { describe, expect, it } from 'vitest'
import type { GatewayError } from '../../chat/errors'
import { decodeAnthropicRequest } from './decode-anthropic-request'
import { encodeAnthropicError } from './encode-anthropic-error'
import { gatewayErrorOf } from '@test/support/gateway-error-of'

const BASE = { model: 'vendorb3.8-Flash-Next', max_tokens: 256 }
const user = (content: unknown) => ({ role: 'user', content })
const assistant = (content: unknown) => ({ role: 'assistant', content })
const WEATHER_TOOL = {
  name: 'get_weather',
  input_schema: { type: 'object', properties: { city: { type: 'string' } } },
}

/** The 400 a body gets, or a failure if it was accepted. */
const rejection = (body: unknown): GatewayError =>
  gatewayErrorOf(() => decodeAnthropicRequest(body), JSON.stringify(body))

describe('decodeAnthropicRequest accepts what real clients send', () => {
  it('decodes the minimal call of the spec (string content)', () => {
    expect(decodeAnthropicRequest({ ...BASE, messages: [user('Hello')] })).toEqual({
      model: 'vendorb3.8-Flash-Next',
      maxTokens: 256,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }],
      stream: false,
    })
  })

  it('decodes the B5 tool round trip: results become tool messages before the user text', () => {
    const request = decodeAnthropicRequest({
      ...BASE,
      tools: [WEATHER_TOOL],
      messages: [
        user('Weather in Paris?'),
        assistant([
          { type: 'text', text: 'Checking.', citations: null },
          { type: 'tool_use', id: 'toolu_01XYZ', name: 'get_weather', input: { city: 'Paris' } },
        ]),
        user([
          { type: 'tool_result', tool_use_id: 'toolu_01XYZ', content: '18°C, clear' },
          { type: 'text', text: 'Also suggest clothing.' },
        ]),
      ],
    })
    expect(request.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool-call', id: 'toolu_01XYZ', name: 'get_weather', arguments: '{"city":"Paris"}' },
        ],
      },
      { role: 'tool', toolCallId: 'toolu_01XYZ', content: '18°C, clear' },
      { role: 'user', content: [{ type: 'text', text: 'Also suggest clothing.' }] },
    ])
    expect(request.tools).toEqual([{ name: 'get_weather', parameters: WEATHER_TOOL.input_schema }])
  })

  it('tolerates tool history without tools, joins text blocks of a result, keeps is_error', () => {
    const request = decodeAnthropicRequest({
      ...BASE,
      messages: [
        user('x'),
        assistant([{ type: 'tool_use', id: 'toolu_1', name: 'f', input: {} }]),
        user([
          {
            type: 'tool_result',
            tool_use_id: 'toolu_1',
            is_error: true,
            content: [
              { type: 'text', text: 'line 1' },
              { type: 'text', text: 'line 2' },
            ],
          },
        ]),
      ],
    })
    expect(request.messages[2]).toEqual({
      role: 'tool',
      toolCallId: 'toolu_1',
      content: 'line 1\n\nline 2',
      isError: true,
    })
    expect(request.messages).toHaveLength(3)
  })

  it('hoists system blocks and SDK 1.x system-role entries into one system prompt', () => {
    const request = decodeAnthropicRequest({
      ...BASE,
      system: [
        { type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } },
        { type: 'text', text: 'Use metric units.' },
      ],
      messages: [{ role: 'system', content: 'Mid-conversation rule.' }, user('Hi')],
    })
    expect(request.system).toBe('Be brief.\n\nUse metric units.\n\nMid-conversation rule.')
    // The canonical system prompt is one text: a breakpoint on any of its blocks marks its end.
    expect(request.systemCache).toEqual({})
    expect(request.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }])
  })

  it('decodes images, sampling parameters, stop sequences and streaming', () => {
    const request = decodeAnthropicRequest({
      ...BASE,
      temperature: 0.2,
      top_p: 0.9,
      stop_sequences: ['END'],
      stream: true,
      messages: [
        user([
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
          { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
          { type: 'text', text: 'What is this?' },
        ]),
      ],
    })
    expect(request).toMatchObject({ temperature: 0.2, topP: 0.9, stop: ['END'], stream: true })
    expect(request.messages[0]).toEqual({
      role: 'user',
      content: [
        { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: 'iVBORw0KGgo=' } },
        { type: 'image', source: { kind: 'url', url: 'https://example.com/cat.jpg' } },
        { type: 'text', text: 'What is this?' },
      ],
    })
  })

  it('maps tool_choice and disable_parallel_tool_use (→ parallelToolCalls false)', () => {
    const decode = (tool_choice: unknown) =>
      decodeAnthropicRequest({ ...BASE, tools: [WEATHER_TOOL], tool_choice, messages: [user('x')] })
    expect(decode({ type: 'auto' })).toMatchObject({ toolChoice: 'auto' })
    expect(decode({ type: 'any', disable_parallel_tool_use: true })).toMatchObject({
      toolChoice: 'required',
      parallelToolCalls: false,
    })
    expect(decode({ type: 'none' })).toMatchObject({ toolChoice: 'none' })
    expect(decode({ type: 'tool', name: 'get_weather' })).toMatchObject({
      toolChoice: { name: 'get_weather' },
    })
    expect(decode({ type: 'auto', disable_parallel_tool_use: false })).not.toHaveProperty('parallelToolCalls')
  })

  it('turns output_config.format into a json_schema response format named structured_output', () => {
    const schema = { type: 'object', properties: { answer: { type: 'string' } } }
    const request = decodeAnthropicRequest({
      ...BASE,
      output_config: { format: { type: 'json_schema', schema }, effort: 'low' },
      messages: [user('x')],
    })
    expect(request.responseFormat).toEqual({ type: 'json_schema', name: 'structured_output', schema })
  })

  it('accepts and ignores the harmless fields it documents; keeps thinking, its history and cache breakpoints', () => {
    const request = decodeAnthropicRequest({
      ...BASE,
      max_tokens: 4096,
      top_k: 40,
      metadata: { user_id: 'u-1' },
      thinking: { type: 'enabled', budget_tokens: 2048, display: 'omitted' },
      service_tier: 'auto',
      cache_control: { type: 'ephemeral', ttl: '1h' },
      tools: [{ name: 'f', input_schema: { type: 'object' }, cache_control: { type: 'ephemeral' } }],
      messages: [
        user('27*453?'),
        assistant([
          { type: 'thinking', thinking: '27*453 = 12231.', signature: 'EqQB' },
          { type: 'redacted_thinking', data: 'EmwK' },
          { type: 'text', text: '12231' },
        ]),
        user([
          { type: 'text', text: 'Thanks', cache_control: { type: 'ephemeral', ttl: '5m' } },
          { type: 'text', text: '!' },
        ]),
      ],
    })
    expect(request.reasoning).toEqual({ type: 'budget', budgetTokens: 2048, display: 'omitted' })
    expect(request.messages[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'reasoning', text: '27*453 = 12231.', signature: 'EqQB' },
        { type: 'redacted-reasoning', data: 'EmwK' },
        { type: 'text', text: '12231' },
      ],
    })
    // Top-level cache_control (automatic caching) marks the last block, as the API does.
    expect(request.messages[2]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'Thanks', cache: { ttl: '5m' } },
        { type: 'text', text: '!', cache: { ttl: '1h' } },
      ],
    })
    expect(request.tools?.[0]?.cache).toEqual({})
    expect(Object.keys(request).sort()).toEqual([
      'maxTokens',
      'messages',
      'model',
      'reasoning',
      'stream',
      'tools',
    ])
  })

  it('decodes disabled and adaptive thinking, the latter with its output_config.effort', () => {
    expect(
      decodeAnthropicRequest({ ...BASE, thinking: { type: 'disabled' }, messages: [user('x')] }).reasoning,
    ).toEqual({
      type: 'off',
    })
    expect(
      decodeAnthropicRequest({
        ...BASE,
        thinking: { type: 'adaptive', display: 'summarized' },
        output_config: { effort: 'high' },
        messages: [user('x')],
      }).reasoning,
    ).toEqual({ type: 'adaptive', display: 'summarized', effort: 'high' })
  })

  it('accepts an empty final assistant message (a prefill) and drops it', () => {
    const request = decodeAnthropicRequest({ ...BASE, messages: [user('Hi'), assistant('')] })
    expect(request.messages).toHaveLength(1)
  })
})

describe('decodeAnthropicRequest rejects with a 400 naming the field', () => {
  const cases: Array<[string, unknown, string]> = [
    ['missing max_tokens', { model: 'm', messages: [user('x')] }, 'max_tokens'],
    ['max_tokens 0', { ...BASE, max_tokens: 0, messages: [user('x')] }, 'max_tokens'],
    ['max_tokens not an integer', { ...BASE, max_tokens: 1.5, messages: [user('x')] }, 'max_tokens'],
    ['missing model', { max_tokens: 5, messages: [user('x')] }, 'model'],
    ['model too long', { ...BASE, model: 'm'.repeat(257), messages: [user('x')] }, 'model'],
    ['no messages', { ...BASE, messages: [] }, 'messages'],
    ['only system entries', { ...BASE, messages: [{ role: 'system', content: 'x' }] }, 'messages'],
    ['unknown role', { ...BASE, messages: [{ role: 'bot', content: 'x' }] }, 'messages.0.role'],
    ['unknown top-level field', { ...BASE, messages: [user('x')], foo: 1 }, 'foo'],
    [
      'thinking with a forced tool',
      {
        ...BASE,
        max_tokens: 4096,
        thinking: { type: 'enabled', budget_tokens: 1024 },
        tools: [{ name: 'f', input_schema: { type: 'object' } }],
        tool_choice: { type: 'any' },
        messages: [user('x')],
      },
      'tool_choice',
    ],
    [
      'a cache ttl it does not know',
      {
        ...BASE,
        messages: [user([{ type: 'text', text: 'x', cache_control: { type: 'ephemeral', ttl: '2h' } }])],
      },
      'messages.0.content.0.cache_control.ttl',
    ],
    ['container is not supported', { ...BASE, messages: [user('x')], container: 'c' }, 'container'],
    ['temperature above 1', { ...BASE, temperature: 1.5, messages: [user('x')] }, 'temperature'],
    ['top_p below 0', { ...BASE, top_p: -0.1, messages: [user('x')] }, 'top_p'],
    ['negative top_k', { ...BASE, top_k: -1, messages: [user('x')] }, 'top_k'],
    [
      'more stop sequences than the gateway accepts',
      { ...BASE, stop_sequences: Array.from({ length: 1025 }, (_, i) => `s${i}`), messages: [user('x')] },
      'stop_sequences',
    ],
    [
      'whitespace stop sequence',
      { ...BASE, stop_sequences: ['ok', ' '], messages: [user('x')] },
      'stop_sequences.1',
    ],
    [
      'empty text block',
      { ...BASE, messages: [user([{ type: 'text', text: '' }])] },
      'messages.0.content.0.text',
    ],
    ['empty user message', { ...BASE, messages: [user(''), assistant('ok')] }, 'messages.0.content'],
    [
      'image media type',
      {
        ...BASE,
        messages: [
          user([{ type: 'image', source: { type: 'base64', media_type: 'image/bmp', data: 'Qk0=' } }]),
        ],
      },
      'messages.0.content.0.source.media_type',
    ],
    [
      'image data with a data: prefix',
      {
        ...BASE,
        messages: [
          user([
            {
              type: 'image',
              source: { type: 'base64', media_type: 'image/png', data: 'data:image/png;base64,iVBO' },
            },
          ]),
        ],
      },
      'messages.0.content.0.source.data',
    ],
    [
      'image url that is not http(s)',
      { ...BASE, messages: [user([{ type: 'image', source: { type: 'url', url: 'file:///etc/passwd' } }])] },
      'messages.0.content.0.source.url',
    ],
    [
      'document blocks',
      {
        ...BASE,
        messages: [
          user([
            { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBE' } },
          ]),
        ],
      },
      'messages.0.content.0.type',
    ],
    [
      'unknown block type',
      { ...BASE, messages: [user([{ type: 'video', url: 'x' }])] },
      'messages.0.content.0.type',
    ],
    [
      'tool_use from the user',
      { ...BASE, messages: [user([{ type: 'tool_use', id: 't1', name: 'f', input: {} }])] },
      'messages.0.content.0.type',
    ],
    [
      'image from the assistant',
      {
        ...BASE,
        messages: [
          user('x'),
          assistant([{ type: 'image', source: { type: 'url', url: 'https://e.com/a.png' } }]),
        ],
      },
      'messages.1.content.0.type',
    ],
    [
      'tool_use input that is not an object',
      {
        ...BASE,
        messages: [user('x'), assistant([{ type: 'tool_use', id: 't1', name: 'f', input: [1] }]), user('y')],
      },
      'messages.1.content.0.input',
    ],
    [
      'tool_use id with forbidden characters',
      {
        ...BASE,
        messages: [
          user('x'),
          assistant([{ type: 'tool_use', id: 'call.1', name: 'f', input: {} }]),
          user('y'),
        ],
      },
      'messages.1.content.0.id',
    ],
    [
      'tool_use without a tool_result',
      {
        ...BASE,
        messages: [user('x'), assistant([{ type: 'tool_use', id: 't1', name: 'f', input: {} }]), user('y')],
      },
      'messages.1',
    ],
    [
      'tool_use in the last message',
      { ...BASE, messages: [user('x'), assistant([{ type: 'tool_use', id: 't1', name: 'f', input: {} }])] },
      'messages.1',
    ],
    [
      'tool_result without a tool_use',
      { ...BASE, messages: [user([{ type: 'tool_result', tool_use_id: 't9', content: 'x' }])] },
      'messages.0.content.0.tool_use_id',
    ],
    [
      'tool_result after text',
      {
        ...BASE,
        messages: [
          user('x'),
          assistant([{ type: 'tool_use', id: 't1', name: 'f', input: {} }]),
          user([
            { type: 'text', text: 'first' },
            { type: 'tool_result', tool_use_id: 't1', content: 'x' },
          ]),
        ],
      },
      'messages.2.content.1',
    ],
    [
      'image inside a tool_result',
      {
        ...BASE,
        messages: [
          user('x'),
          assistant([{ type: 'tool_use', id: 't1', name: 'f', input: {} }]),
          user([
            {
              type: 'tool_result',
              tool_use_id: 't1',
              content: [{ type: 'image', source: { type: 'url', url: 'https://e.com/a.png' } }],
            },
          ]),
        ],
      },
      'messages.2.content.0.content.0.type',
    ],
    [
      'tool_result in an assistant message',
      {
        ...BASE,
        messages: [user('x'), assistant([{ type: 'tool_result', tool_use_id: 't1', content: 'x' }])],
      },
      'messages.1.content.0.type',
    ],
    [
      'bad tool name',
      { ...BASE, tools: [{ ...WEATHER_TOOL, name: 'get weather' }], messages: [user('x')] },
      'tools.0.name',
    ],
    [
      'tool schema that is not an object schema',
      { ...BASE, tools: [{ name: 'f', input_schema: { type: 'string' } }], messages: [user('x')] },
      'tools.0.input_schema.type',
    ],
    [
      'server tool',
      { ...BASE, tools: [{ type: 'web_search_20250305', name: 'web_search' }], messages: [user('x')] },
      'tools.0.type',
    ],
    [
      'duplicate tool names',
      { ...BASE, tools: [WEATHER_TOOL, WEATHER_TOOL], messages: [user('x')] },
      'tools.1.name',
    ],
    [
      'forced tool that is not defined',
      { ...BASE, tools: [WEATHER_TOOL], tool_choice: { type: 'tool', name: 'other' }, messages: [user('x')] },
      'tool_choice.name',
    ],
    [
      'any without tools',
      { ...BASE, tool_choice: { type: 'any' }, messages: [user('x')] },
      'tool_choice.type',
    ],
    [
      'thinking budget below 1024',
      { ...BASE, max_tokens: 4096, thinking: { type: 'enabled', budget_tokens: 500 }, messages: [user('x')] },
      'thinking.budget_tokens',
    ],
    [
      'thinking budget not below max_tokens',
      {
        ...BASE,
        max_tokens: 2000,
        thinking: { type: 'enabled', budget_tokens: 2000 },
        messages: [user('x')],
      },
      'thinking.budget_tokens',
    ],
    [
      'unknown metadata field',
      { ...BASE, metadata: { user_id: 'u', email: 'a@b.c' }, messages: [user('x')] },
      'metadata.email',
    ],
    [
      'output format schema with an unknown type',
      {
        ...BASE,
        output_config: { format: { type: 'json_schema', schema: { type: 'objekt' } } },
        messages: [user('x')],
      },
      'output_config.format.schema.type',
    ],
  ]

  it.each(cases.map(([label, body, param]) => ({ label, body, param })))(
    '$label → $param',
    ({ body, param }) => {
      const error = rejection(body)
      expect(error.kind).toBe('invalid_request')
      expect(error.param).toBe(param)
      expect(error.message.startsWith(`${param}: `)).toBe(true)
      expect(encodeAnthropicError(error).status).toBe(400)
    },
  )

  it('answers "max_tokens: Field required" like the real API', () => {
    expect(rejection({ model: 'm', messages: [user('x')] }).message).toBe('max_tokens: Field required')
  })

  it('rejects a body that is not an object', () => {
    for (const body of [null, [], 'x', 42]) expect(rejection(body).kind).toBe('invalid_request')
  })
})
