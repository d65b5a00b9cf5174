import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningGateway } from '@gateway/start-gateway'
import { MAX_JSON_DEPTH } from '@shared/dialects/json-depth'
import { CLIENT_KEY, TEXT_MODEL, VISION_MODEL, startSimulatorGateway } from './support/gateways'
import { bearer, xApiKey } from './support/raw-http'

/**
 * Requests built to make the gateway do unbounded work: deep nesting, and small schemas asking the
 * simulator for huge values. Each must get a prompt 400 in the dialect's own shape, and the gateway
 * must go on answering others.
 */
let gateway: RunningGateway
beforeAll(async () => {
  gateway = await startSimulatorGateway({ maxBodyBytes: 16 * 1024 * 1024 })
})
afterAll(async () => {
  await gateway?.close()
})

/** Stands for the deep value in a body template; replaced in the text (JSON.stringify would overflow). */
const DEEP = '"__DEEP__"'
const LEVELS = 10_000
const deepObject = '{"a":'.repeat(LEVELS) + '1' + '}'.repeat(LEVELS)

/** The same deep value as the content of a JSON string (escaped quotes). */
const DEEP_IN_STRING = '__DEEP_IN_STRING__'
const deep = JSON.parse(DEEP) as string

function post(path: string, template: unknown, deepText = deepObject): Promise<Response> {
  const body = JSON.stringify(template)
    .replace(DEEP, () => deepText)
    .replace(DEEP_IN_STRING, () => JSON.stringify(deepObject).slice(1, -1))
  const headers = path === '/v1/messages' ? xApiKey(CLIENT_KEY) : bearer(CLIENT_KEY)
  return fetch(gateway.origin + path, { method: 'POST', headers, body })
}
type OpenaiErrorBody = { error: { type: string; message: string; param: string | null } }
type AnthropicErrorBody = { type: string; error: { type: string; message: string } }

const user = [{ role: 'user', content: 'hi' }]

const OPENAI_DEEP: Array<[string, unknown, string]> = [
  [
    'tool parameters',
    {
      model: TEXT_MODEL,
      messages: user,
      tools: [
        {
          type: 'function',
          function: { name: 'f', parameters: { type: 'object', properties: { x: deep } } },
        },
      ],
    },
    'tools.0.function.parameters.properties.x',
  ],
  [
    'tool parameters $defs',
    {
      model: TEXT_MODEL,
      messages: user,
      tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object', $defs: deep } } }],
    },
    'tools.0.function.parameters.$defs.a',
  ],
  [
    'a response_format schema',
    {
      model: TEXT_MODEL,
      messages: user,
      response_format: {
        type: 'json_schema',
        json_schema: { name: 's', schema: { type: 'object', enum: [deep] } },
      },
    },
    'response_format.json_schema.schema.enum.0.a',
  ],
  [
    'tool-call arguments (JSON in a string)',
    {
      model: TEXT_MODEL,
      messages: [
        ...user,
        {
          role: 'assistant',
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: DEEP_IN_STRING } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'ok' },
      ],
    },
    'messages.1.tool_calls.0.function.arguments',
  ],
]

const ANTHROPIC_DEEP: Array<[string, unknown, string]> = [
  [
    'tool input_schema',
    {
      model: TEXT_MODEL,
      max_tokens: 50,
      messages: user,
      tools: [{ name: 'f', input_schema: { type: 'object', properties: { x: deep } } }],
    },
    'tools.0.input_schema.properties.x.a',
  ],
  [
    'tool_use.input',
    {
      model: TEXT_MODEL,
      max_tokens: 50,
      messages: [
        ...user,
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'f', input: deep }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'ok' }] },
      ],
      tools: [{ name: 'f', input_schema: { type: 'object' } }],
    },
    'messages.1.content.0.input.a',
  ],
  [
    'assistant content',
    {
      model: TEXT_MODEL,
      max_tokens: 50,
      messages: [...user, { role: 'assistant', content: deep }],
    },
    'messages.1.content.a.a',
  ],
  [
    'output_config schema $defs',
    {
      model: TEXT_MODEL,
      max_tokens: 50,
      messages: user,
      output_config: { format: { type: 'json_schema', schema: { type: 'object', $defs: deep } } },
    },
    'output_config.format.schema.$defs.a.a',
  ],
]

describe(`JSON nested ${LEVELS} levels deep`, () => {
  it.each(OPENAI_DEEP)(
    'Chat Completions, in %s: 400 naming the field and the limit',
    async (_, body, param) => {
      const response = await post('/v1/chat/completions', body)
      expect(response.status).toBe(400)
      const error = ((await response.json()) as OpenaiErrorBody).error
      expect(error.type).toBe('invalid_request_error')
      expect(error.param).toBe(param)
      expect(error.message).toContain(param)
      expect(error.message).toContain(`${MAX_JSON_DEPTH} levels`)
    },
  )

  it.each(ANTHROPIC_DEEP)('Messages, in %s: 400 naming the field and the limit', async (_, body, param) => {
    const response = await post('/v1/messages', body)
    expect(response.status).toBe(400)
    const payload = (await response.json()) as AnthropicErrorBody
    expect(payload.type).toBe('error')
    expect(payload.error.type).toBe('invalid_request_error')
    expect(payload.error.message).toContain(param)
    expect(payload.error.message).toContain(`${MAX_JSON_DEPTH} levels`)
  })

  it('nesting within the limit is still served', async () => {
    const shallow = '{"a":'.repeat(20) + '1' + '}'.repeat(20)
    const response = await post(
      '/v1/chat/completions',
      {
        model: TEXT_MODEL,
        messages: user,
        tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object', $defs: deep } } }],
      },
      shallow,
    )
    expect(response.status).toBe(200)
  })
})

/** A small schema asking the simulator for a huge value, with what the 400 must name. */
type Demanding = { title: string; body: unknown; param: string; figure: string }

const SELF_TWICE = { properties: { l: { $ref: '#' }, r: { $ref: '#' } }, required: ['l', 'r'] }
const HUGE_ARRAY = {
  type: 'object',
  properties: { ids: { type: 'array', items: { type: 'integer' }, minItems: 100_000_000 } },
  required: ['ids'],
}

const OPENAI_DEMANDING: Demanding[] = [
  {
    title: 'json_schema minProperties 100000',
    body: {
      model: TEXT_MODEL,
      messages: user,
      response_format: {
        type: 'json_schema',
        json_schema: { name: 's', schema: { type: 'object', minProperties: 100_000 } },
      },
    },
    param: 'response_format.json_schema.schema',
    figure: 'minProperties 100000',
  },
  {
    title: 'a forced tool with minItems 100000000',
    body: {
      model: TEXT_MODEL,
      messages: user,
      stream: true,
      tools: [
        { type: 'function', function: { name: 'other', parameters: { type: 'object' } } },
        { type: 'function', function: { name: 'f', parameters: HUGE_ARRAY } },
      ],
      tool_choice: { type: 'function', function: { name: 'f' } },
    },
    param: 'tools.1.function.parameters',
    figure: 'minItems 100000000',
  },
  {
    title: 'json_schema referring to itself twice',
    body: {
      model: TEXT_MODEL,
      messages: user,
      response_format: { type: 'json_schema', json_schema: { name: 's', schema: SELF_TWICE } },
    },
    param: 'response_format.json_schema.schema',
    figure: '10,000',
  },
]

const ANTHROPIC_DEMANDING: Demanding[] = [
  {
    title: 'output_config referring to itself twice',
    body: {
      model: TEXT_MODEL,
      max_tokens: 50,
      messages: user,
      output_config: { format: { type: 'json_schema', schema: SELF_TWICE } },
    },
    param: 'output_config.format.schema',
    figure: '10,000',
  },
  {
    title: 'a forced tool with minItems 100000000',
    body: {
      model: TEXT_MODEL,
      max_tokens: 50,
      stream: true,
      messages: user,
      tools: [{ name: 'f', input_schema: HUGE_ARRAY }],
      tool_choice: { type: 'tool', name: 'f' },
    },
    param: 'tools.0.input_schema',
    figure: 'minItems 100000000',
  },
]

describe('schemas asking the simulator for more than it generates', () => {
  it.each(OPENAI_DEMANDING)(
    'Chat Completions, $title: a prompt 400 naming the schema and the figure',
    async (c) => {
      const response = await post('/v1/chat/completions', c.body)
      expect(response.status).toBe(400)
      const error = ((await response.json()) as OpenaiErrorBody).error
      expect(error.type).toBe('invalid_request_error')
      expect(error.param).toBe(c.param)
      expect(error.message).toContain(c.param)
      expect(error.message).toContain(c.figure)
    },
  )

  it.each(ANTHROPIC_DEMANDING)(
    'Messages, $title: a prompt 400 naming the schema and the figure',
    async (c) => {
      const response = await post('/v1/messages', c.body)
      expect(response.status).toBe(400)
      const payload = (await response.json()) as AnthropicErrorBody
      expect(payload.error.type).toBe('invalid_request_error')
      expect(payload.error.message).toContain(c.param)
      expect(payload.error.message).toContain(c.figure)
    },
  )

  it('leaves the gateway answering: all of them at once, then an ordinary request', async () => {
    const hostile = [
      ...OPENAI_DEMANDING.map((c) => post('/v1/chat/completions', c.body)),
      ...ANTHROPIC_DEMANDING.map((c) => post('/v1/messages', c.body)),
    ]
    const statuses = await Promise.all(
      hostile.map(async (pending) => {
        const response = await pending
        await response.arrayBuffer()
        return response.status
      }),
    )
    expect(new Set(statuses)).toEqual(new Set([400]))
    const ordinary = await post('/v1/chat/completions', { model: TEXT_MODEL, messages: user })
    expect(ordinary.status).toBe(200)
  })
})

/**
 * Valid requests whose size once cost quadratic time. Before the fixes both ran past this suite's
 * 20 s test timeout (measured: 35 s to scan 20,000 tools for a mention, over 20 s to pair 60,000 tool
 * results); now 0.4 s and 1.9 s. The vision model's 1M-token context lets them reach the simulator.
 */
describe('large valid requests, answered in time linear in their size', () => {
  it('finds the tool a 20 KB message names among 20,000 tools', async () => {
    const tools = Array.from({ length: 20_000 }, (_, i) => ({
      type: 'function',
      function: { name: `tool_name_${i}`, parameters: { type: 'object' } },
    }))
    const content = `${'some words '.repeat(1_800)} then call tool name 19999`
    const response = await post('/v1/chat/completions', {
      model: VISION_MODEL,
      messages: [{ role: 'user', content }],
      tools,
    })
    expect(response.status).toBe(200)
    const body = (await response.json()) as {
      choices: Array<{ message: { tool_calls?: Array<{ function: { name: string } }> } }>
    }
    expect(body.choices[0]?.message.tool_calls?.[0]?.function.name).toBe('tool_name_19999')
  })

  it('pairs 60,000 tool_use blocks with their 60,000 tool_results', async () => {
    const count = 60_000
    const uses = Array.from({ length: count }, (_, i) => ({
      type: 'tool_use',
      id: `toolu_${i}`,
      name: 'f',
      input: {},
    }))
    const results = Array.from({ length: count }, (_, i) => ({
      type: 'tool_result',
      tool_use_id: `toolu_${i}`,
      content: 'ok',
    }))
    const response = await post('/v1/messages', {
      model: VISION_MODEL,
      max_tokens: 20,
      tools: [{ name: 'f', input_schema: { type: 'object' } }],
      messages: [
        { role: 'user', content: 'run f many times' },
        { role: 'assistant', content: uses },
        { role: 'user', content: results },
      ],
    })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { type: string }).type).toBe('message')
  })
})
