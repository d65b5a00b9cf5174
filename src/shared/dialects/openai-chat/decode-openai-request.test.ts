import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ChatRequest } from '../../chat/chat-request'
import type { GatewayError } from '../../chat/errors'
import { carriableRequest } from './__fixtures__/openai-arbitraries'
import { buildOpenaiRequest } from './build-openai-request'
import { decodeOpenaiRequest } from './decode-openai-request'
import { encodeOpenaiError } from './encode-openai-error'
import { gatewayErrorOf } from '@test/support/gateway-error-of'

const target = { baseUrl: 'http://gateway.test/v1', apiKey: 'k' }
const user = (content: unknown = 'Hi') => ({ role: 'user', content })
const base = { model: 'm', messages: [user()] }

/** The 400 a body gets, or a failure if it was accepted. */
const rejection = (body: unknown): GatewayError =>
  gatewayErrorOf(() => decodeOpenaiRequest(body), JSON.stringify(body))

describe('decodeOpenaiRequest accepts what clients send', () => {
  it('decodes the request openai 6.49 sent in the reference harness', () => {
    expect(
      decodeOpenaiRequest({
        model: 'gpt-4o-mini',
        messages: [
          { role: 'system', content: 'Be brief.' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'low' } },
            ],
          },
        ],
        stream: true,
        stream_options: { include_usage: true },
        temperature: 0.2,
        max_completion_tokens: 100,
      }),
    ).toEqual({
      model: 'gpt-4o-mini',
      system: 'Be brief.',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: 'iVBORw0KGgo=' } },
          ],
        },
      ],
      stream: true,
      includeUsage: true,
      temperature: 0.2,
      maxTokens: 100,
    } satisfies ChatRequest)
  })

  it('decodes the A5 tool round trip, with tools, tool_choice and parallel_tool_calls', () => {
    const decoded = decodeOpenaiRequest({
      model: 'gpt-4o-mini',
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_weather',
            parameters: { type: 'object', properties: { city: { type: 'string' } } },
          },
        },
      ],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
      parallel_tool_calls: true,
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_Xy12',
              type: 'function',
              function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_Xy12', content: '{"temp_c": 18, "sky": "clear"}' },
      ],
    })
    expect(decoded.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', id: 'call_Xy12', name: 'get_weather', arguments: '{"city":"Paris"}' }],
      },
      { role: 'tool', toolCallId: 'call_Xy12', content: '{"temp_c": 18, "sky": "clear"}' },
    ])
    expect(decoded.toolChoice).toEqual({ name: 'get_weather' })
    // Carried, not refused: refusing `true` is the gateway's decision (the catalog says unsupported).
    expect(decoded.parallelToolCalls).toBe(true)
    expect(decoded.tools).toEqual([
      { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
    ])
  })

  it('joins system and developer messages, wherever they are, into the system prompt', () => {
    const decoded = decodeOpenaiRequest({
      model: 'm',
      messages: [
        { role: 'developer', content: 'Rule one.' },
        user(),
        {
          role: 'system',
          content: [
            { type: 'text', text: 'Rule ' },
            { type: 'text', text: 'two.' },
          ],
        },
      ],
    })
    expect(decoded.system).toBe('Rule one.\n\nRule two.')
    expect(decoded.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }])
  })

  it('accepts a previous response message appended verbatim (refusal, annotations)', () => {
    const decoded = decodeOpenaiRequest({
      model: 'm',
      messages: [
        user(),
        { role: 'assistant', content: 'Hello!', refusal: null, annotations: [] },
        { role: 'assistant', content: null, refusal: "I can't.", annotations: [], tool_calls: null },
        user('Why?'),
      ],
    })
    expect(decoded.messages[1]).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'Hello!' }] })
    expect(decoded.messages[2]).toEqual({ role: 'assistant', content: [{ type: 'text', text: "I can't." }] })
  })

  it('accepts and ignores the harmless fields, and null for unset ones', () => {
    expect(
      decodeOpenaiRequest({
        ...base,
        user: 'u-1',
        metadata: { a: 'b' },
        store: false,
        service_tier: 'auto',
        logprobs: false,
        frequency_penalty: 0,
        presence_penalty: 0,
        safety_identifier: 'x',
        n: 1,
        temperature: null,
        tools: null,
        stop: null,
      }),
    ).toEqual({
      model: 'm',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
      stream: false,
    })
  })

  it('reads reasoning_effort (beside max_tokens or max_completion_tokens), prompt_cache_key, and reasoning sent back', () => {
    for (const limit of ['max_tokens', 'max_completion_tokens']) {
      expect(
        decodeOpenaiRequest({ ...base, [limit]: 500, reasoning_effort: 'xhigh', prompt_cache_key: 'team-a' }),
      ).toMatchObject({
        maxTokens: 500,
        reasoning: { type: 'effort', effort: 'xhigh' },
        promptCacheKey: 'team-a',
      })
    }
    const history = decodeOpenaiRequest({
      ...base,
      messages: [
        user('Hi'),
        { role: 'assistant', content: 'Hello.', reasoning_content: 'Greet back.' },
        { role: 'assistant', content: null, reasoning: 'Only thought.' },
        user('Again'),
      ],
    })
    expect(history.messages[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Greet back.' },
        { type: 'text', text: 'Hello.' },
      ],
    })
    expect(history.messages[2]).toEqual({
      role: 'assistant',
      content: [{ type: 'reasoning', text: 'Only thought.' }],
    })
  })

  it('refuses a reasoning_effort it does not know, naming the field and the value', () => {
    const error = gatewayErrorOf(
      () => decodeOpenaiRequest({ ...base, reasoning_effort: 'extreme' }),
      'extreme',
    )
    expect(error.param).toBe('reasoning_effort')
    expect(error.message).toMatch(/extreme/)
    expect(error.message).toMatch(/none, minimal, low, medium, high, xhigh, max/)
  })

  it('reads max_tokens, a stop string, seed, response formats and an http image URL', () => {
    const decoded = decodeOpenaiRequest({
      model: 'm',
      messages: [user([{ type: 'image_url', image_url: { url: 'https://example.com/a.png' } }])],
      max_tokens: 5,
      stop: 'END',
      seed: -3,
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'answer', schema: { type: 'object', properties: { n: { type: 'integer' } } } },
      },
    })
    expect(decoded).toMatchObject({
      maxTokens: 5,
      stop: ['END'],
      seed: -3,
      responseFormat: {
        type: 'json_schema',
        name: 'answer',
        schema: { type: 'object', properties: { n: { type: 'integer' } } },
      },
      messages: [
        {
          role: 'user',
          content: [{ type: 'image', source: { kind: 'url', url: 'https://example.com/a.png' } }],
        },
      ],
    })
    const jsonObject = {
      model: 'm',
      messages: [{ role: 'user', content: 'Answer as Json, please.' }],
      response_format: { type: 'json_object' },
    }
    expect(decodeOpenaiRequest(jsonObject).responseFormat).toEqual({ type: 'json_object' })
  })

  it('takes json_object only when some message mentions JSON, in any case and any content form', () => {
    const withMessages = (messages: unknown[]) => ({
      model: 'm',
      messages,
      response_format: { type: 'json_object' },
    })
    for (const messages of [
      [
        { role: 'system', content: 'You speak JSON.' },
        { role: 'user', content: 'hi' },
      ],
      [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'hi' },
            { type: 'text', text: 'as json' },
          ],
        },
      ],
      [
        { role: 'developer', content: 'JSON only' },
        { role: 'user', content: 'hi' },
      ],
    ]) {
      expect(decodeOpenaiRequest(withMessages(messages)).responseFormat).toEqual({ type: 'json_object' })
    }
    const error = rejection(withMessages([{ role: 'user', content: 'Give me an object.' }]))
    expect(error.kind).toBe('invalid_request')
    expect(error.param).toBe('messages')
    expect(error.message).toBe(
      "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
    )
  })

  it('gives a tool without parameters the empty object schema', () => {
    const decoded = decodeOpenaiRequest({ ...base, tools: [{ type: 'function', function: { name: 'now' } }] })
    expect(decoded.tools).toEqual([{ name: 'now', parameters: { type: 'object', properties: {} } }])
  })
})

describe('decodeOpenaiRequest rejects with a 400 naming the field', () => {
  const cases: Array<[string, unknown, string, RegExp]> = [
    ['a body that is not an object', [1], '', /JSON object/],
    ['a missing model', { messages: [user()] }, 'model', /^model: /],
    ['no messages', { model: 'm', messages: [] }, 'messages', /^messages: must contain at least one message/],
    [
      'only system messages',
      { model: 'm', messages: [{ role: 'system', content: 'x' }] },
      'messages',
      /besides system/,
    ],
    ['an unknown top-level field', { ...base, top_k: 5 }, 'top_k', /^top_k: Unrecognized field/],
    [
      'an unknown message field',
      { ...base, messages: [{ ...user(), cache_control: {} }] },
      'messages.0.cache_control',
      /Unrecognized/,
    ],
    [
      'an unknown role',
      { ...base, messages: [{ role: 'function', content: 'x', name: 'f' }] },
      'messages.0.role',
      /role "function" is not supported/,
    ],
    [
      'a non-string content',
      { ...base, messages: [user(5)] },
      'messages.0.content',
      /must be a string or a non-empty array/,
    ],
    [
      'an empty content array',
      { ...base, messages: [user([])] },
      'messages.0.content',
      /^messages\.0\.content: /,
    ],
    [
      'an audio part',
      {
        ...base,
        messages: [
          user([
            { type: 'text', text: 'hi' },
            { type: 'input_audio', input_audio: { data: 'x', format: 'wav' } },
          ]),
        ],
      },
      'messages.0.content.1.type',
      /"input_audio" is not supported here \(use text or image_url\)/,
    ],
    [
      'an image in a system message',
      {
        ...base,
        messages: [
          { role: 'system', content: [{ type: 'image_url', image_url: { url: 'https://x' } }] },
          user(),
        ],
      },
      'messages.0.content.0.type',
      /"image_url" is not supported here \(use text\)/,
    ],
    [
      'an unsupported image media type',
      {
        ...base,
        messages: [user([{ type: 'image_url', image_url: { url: 'data:image/tiff;base64,AAAA' } }])],
      },
      'messages.0.content.0.image_url.url',
      /"image\/tiff" is not supported/,
    ],
    [
      'an image URL that is neither http(s) nor data',
      { ...base, messages: [user([{ type: 'image_url', image_url: { url: 'file:///etc/passwd' } }])] },
      'messages.0.content.0.image_url.url',
      /http\(s\) URL or a data:/,
    ],
    [
      'a data URL with broken base64',
      { ...base, messages: [user([{ type: 'image_url', image_url: { url: 'data:image/png;base64,@@@' } }])] },
      'messages.0.content.0.image_url.url',
      /valid base64/,
    ],
    ['temperature above 2', { ...base, temperature: 2.5 }, 'temperature', /^temperature: .*2/],
    ['temperature below 0', { ...base, temperature: -1 }, 'temperature', /^temperature: /],
    ['top_p above 1', { ...base, top_p: 1.5 }, 'top_p', /^top_p: /],
    ['a fractional max_tokens', { ...base, max_tokens: 1.5 }, 'max_tokens', /^max_tokens: /],
    [
      'max_completion_tokens of 0',
      { ...base, max_completion_tokens: 0 },
      'max_completion_tokens',
      /^max_completion_tokens: /,
    ],
    ['both token caps', { ...base, max_tokens: 5, max_completion_tokens: 6 }, 'max_tokens', /not both/],
    ['five stop sequences', { ...base, stop: ['a', 'b', 'c', 'd', 'e'] }, 'stop', /^stop: /],
    ['an empty stop list', { ...base, stop: [] }, 'stop', /^stop: /],
    ['n of 2', { ...base, n: 2 }, 'n', /^n: only 1 is supported/],
    ['a fractional seed', { ...base, seed: 0.5 }, 'seed', /^seed: /],
    ['stream as a string', { ...base, stream: 'yes' }, 'stream', /^stream: /],
    [
      'stream_options without stream',
      { ...base, stream_options: { include_usage: true } },
      'stream_options',
      /only allowed when stream is true/,
    ],
    ['logprobs true', { ...base, logprobs: true }, 'logprobs', /only false/],
    ['a frequency penalty', { ...base, frequency_penalty: 0.5 }, 'frequency_penalty', /only 0/],
    [
      'an unknown response_format type',
      { ...base, response_format: { type: 'xml' } },
      'response_format.type',
      /"text", "json_object" or "json_schema"/,
    ],
    [
      'a bad json_schema name',
      { ...base, response_format: { type: 'json_schema', json_schema: { name: 'has space', schema: {} } } },
      'response_format.json_schema.name',
      /1–64 characters/,
    ],
    [
      'a json_schema without schema',
      { ...base, response_format: { type: 'json_schema', json_schema: { name: 'x' } } },
      'response_format.json_schema.schema',
      /^response_format\.json_schema\.schema: /,
    ],
    [
      'a broken response schema',
      {
        ...base,
        response_format: { type: 'json_schema', json_schema: { name: 'x', schema: { type: 'text' } } },
      },
      'response_format.json_schema.schema.type',
      /not a JSON Schema type/,
    ],
    [
      'a custom tool',
      { ...base, tools: [{ type: 'custom', custom: { name: 'x' } }] },
      'tools.0.type',
      /only "function" tools/,
    ],
    [
      'a tool name with a space',
      { ...base, tools: [{ type: 'function', function: { name: 'get weather' } }] },
      'tools.0.function.name',
      /1–64 characters/,
    ],
    [
      'a 65-character tool name',
      { ...base, tools: [{ type: 'function', function: { name: 'x'.repeat(65) } }] },
      'tools.0.function.name',
      /1–64/,
    ],
    [
      'duplicate tool names',
      {
        ...base,
        tools: [
          { type: 'function', function: { name: 'f' } },
          { type: 'function', function: { name: 'f' } },
        ],
      },
      'tools.1.function.name',
      /duplicate tool name "f"/,
    ],
    [
      'tool parameters that are not an object schema',
      { ...base, tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'array' } } }] },
      'tools.0.function.parameters.type',
      /must be "object"/,
    ],
    [
      'an unknown tool_choice',
      { ...base, tools: [{ type: 'function', function: { name: 'f' } }], tool_choice: 'any' },
      'tool_choice',
      /must be "none", "auto", "required"/,
    ],
    [
      'tool_choice naming an undefined tool',
      {
        ...base,
        tools: [{ type: 'function', function: { name: 'f' } }],
        tool_choice: { type: 'function', function: { name: 'g' } },
      },
      'tool_choice.function.name',
      /"g" is not one of the tools/,
    ],
    [
      'tool_choice required without tools',
      { ...base, tool_choice: 'required' },
      'tool_choice',
      /needs at least one tool/,
    ],
    [
      'parallel_tool_calls as a string',
      { ...base, parallel_tool_calls: 'no' },
      'parallel_tool_calls',
      /^parallel_tool_calls: /,
    ],
    [
      'an assistant message without content or tool calls',
      { ...base, messages: [user(), { role: 'assistant' }] },
      'messages.1.content',
      /required unless tool_calls/,
    ],
    [
      'an unanswered tool call',
      {
        ...base,
        messages: [
          user(),
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }],
          },
          user('next'),
        ],
      },
      'messages.1.tool_calls',
      /must be followed by tool messages .* no response for c1/,
    ],
    [
      'a conversation ending on unanswered tool calls',
      {
        ...base,
        messages: [
          user(),
          {
            role: 'assistant',
            tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '' } }],
          },
        ],
      },
      'messages.1.tool_calls',
      /no response for c1/,
    ],
    [
      'a tool message answering an unknown id',
      { ...base, messages: [user(), { role: 'tool', tool_call_id: 'nope', content: 'x' }] },
      'messages.1.tool_call_id',
      /"nope" does not answer a tool call/,
    ],
    [
      'a tool call answered twice',
      {
        ...base,
        messages: [
          user(),
          {
            role: 'assistant',
            tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '' } }],
          },
          { role: 'tool', tool_call_id: 'c1', content: 'a' },
          { role: 'tool', tool_call_id: 'c1', content: 'b' },
        ],
      },
      'messages.3.tool_call_id',
      /"c1" does not answer/,
    ],
    [
      'duplicate tool call ids',
      {
        ...base,
        messages: [
          user(),
          {
            role: 'assistant',
            tool_calls: [
              { id: 'c1', type: 'function', function: { name: 'f', arguments: '' } },
              { id: 'c1', type: 'function', function: { name: 'g', arguments: '' } },
            ],
          },
        ],
      },
      'messages.1.tool_calls.1.id',
      /duplicate tool call id "c1"/,
    ],
    [
      'a tool call without type',
      {
        ...base,
        messages: [
          user(),
          { role: 'assistant', tool_calls: [{ id: 'c1', function: { name: 'f', arguments: '' } }] },
        ],
      },
      'messages.1.tool_calls.0.type',
      /only "function" tool calls/,
    ],
  ]

  it.each(cases)('%s', (_label, body, param, message) => {
    const error = rejection(body)
    expect(error.kind).toBe('invalid_request')
    expect(encodeOpenaiError(error).status).toBe(400)
    if (param === '') expect(error.param).toBeUndefined()
    else {
      expect(error.param).toBe(param)
      expect(error.message.startsWith(`${param}: `)).toBe(true)
    }
    expect(error.message).toMatch(message)
  })
})

describe('decodeOpenaiRequest ∘ buildOpenaiRequest', () => {
  it('reproduces any carriable canonical request, with no adjustment', () => {
    fc.assert(
      fc.property(carriableRequest, (request) => {
        const built = buildOpenaiRequest(request, target)
        expect(built.adjustments).toEqual([])
        expect(decodeOpenaiRequest(JSON.parse(built.http.body ?? ''))).toEqual(request)
      }),
      { numRuns: 300 },
    )
  })

  it('reproduces requests that needed adjusting, as the adjustments say', () => {
    const request: ChatRequest = {
      model: 'm',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'go' }] },
        { role: 'assistant', content: [{ type: 'tool-call', id: 'c1', name: 'f', arguments: '{}' }] },
        { role: 'tool', toolCallId: 'c1', content: 'failed', isError: true },
      ],
      stream: true,
      temperature: 3,
      stop: ['1', '2', '3', '4', '5'],
      toolChoice: 'auto',
    }
    const built = buildOpenaiRequest(request, target)
    expect(built.adjustments.map((a) => a.param)).toEqual([
      'messages',
      'temperature',
      'stop',
      'includeUsage',
      'toolChoice',
    ])
    expect(decodeOpenaiRequest(JSON.parse(built.http.body ?? ''))).toEqual({
      model: 'm',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'go' }] },
        { role: 'assistant', content: [{ type: 'tool-call', id: 'c1', name: 'f', arguments: '{}' }] },
        { role: 'tool', toolCallId: 'c1', content: 'Error: failed' },
      ],
      stream: true,
      includeUsage: true,
      temperature: 2,
      stop: ['1', '2', '3', '4'],
    })
  })
})
