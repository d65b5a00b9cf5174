import { countTokens } from 'gpt-tokenizer/encoding/o200k_base'
import { describe, expect, it } from 'vitest'
import type {
  ChatRequest,
  DialectId,
  ToolChoice,
  ToolDefinition,
  ToolCallPart,
} from '@shared/chat/chat-request'
import type { ChatResult } from '@shared/chat/chat-result'
import { reduceStreamParts } from '@shared/chat/reduce-stream-part'
import { SCHEMAS } from './schema-example/__fixtures__/schemas'
import { schemaViolations } from './schema-example/__fixtures__/ajv-oracle'
import { simulate } from './reply-steps'
import type { SimulatedReply, SimulationContext } from './simulation-types'

const TOOLS: ToolDefinition[] = [
  { name: 'get_weather', description: 'Current weather for a city', parameters: SCHEMAS['weather'] ?? {} },
  {
    name: 'get_time',
    description: 'Current time in a time zone',
    parameters: { type: 'object', properties: { timezone: { type: 'string' } }, required: ['timezone'] },
  },
  { name: 'create_order', description: 'Place an order', parameters: SCHEMAS['nested'] ?? {} },
]

function context(dialect: DialectId = 'openai-chat'): SimulationContext {
  return {
    dialect,
    model: { name: 'vendorb3.8-Flash-Next', contextLength: 262_144, vision: false },
    pacing: { ttftMs: 200, tokensPerSecond: 50 },
  }
}

function ask(
  text: string,
  toolChoice: ToolChoice | undefined,
  extra: Partial<ChatRequest> = {},
): ChatRequest {
  return {
    model: 'vendorb3.8-Flash-Next',
    stream: true,
    messages: [{ role: 'user', content: [{ type: 'text', text }] }],
    tools: TOOLS,
    ...(toolChoice === undefined ? {} : { toolChoice }),
    ...extra,
  }
}

function run(
  request: ChatRequest,
  dialect: DialectId = 'openai-chat',
): { simulation: SimulatedReply; result: ChatResult } {
  const simulation = simulate(request, context(dialect))
  return { simulation, result: reduceStreamParts(simulation.parts) }
}

function callsOf(result: ChatResult): ToolCallPart[] {
  return result.content.filter((part): part is ToolCallPart => part.type === 'tool-call')
}

function onlyCall(result: ChatResult): ToolCallPart {
  const calls = callsOf(result)
  expect(calls).toHaveLength(1)
  return calls[0] as ToolCallPart
}

describe('simulate: tool choice', () => {
  for (const dialect of ['openai-chat', 'anthropic-messages'] as const) {
    it(`${dialect}: a forced tool is called, with schema-valid arguments, an id in the dialect's shape, finish tool-calls`, () => {
      const { result } = run(ask('Hello', { name: 'create_order' }), dialect)
      const call = onlyCall(result)
      expect(call.name).toBe('create_order')
      expect(schemaViolations(JSON.parse(call.arguments), SCHEMAS['nested'])).toEqual([])
      expect(call.id).toMatch(
        dialect === 'openai-chat' ? /^call_[A-Za-z0-9]{24}$/ : /^toolu_01[A-Za-z0-9]{22}$/,
      )
      expect(result.finish).toEqual({
        unified: 'tool-calls',
        raw: dialect === 'openai-chat' ? 'tool_calls' : 'tool_use',
      })
      expect(result.content.some((part) => part.type === 'text')).toBe(false)
    })
  }

  it('required: calls the tool the user named, else the first one', () => {
    expect(onlyCall(run(ask('What time is it? Use get_time.', 'required')).result).name).toBe('get_time')
    expect(onlyCall(run(ask('Do something useful.', 'required')).result).name).toBe('get_weather')
  })

  it('auto: calls a tool only when the user names it (also written as words), otherwise answers in text', () => {
    expect(onlyCall(run(ask('Please call get_weather for Paris', 'auto')).result).name).toBe('get_weather')
    expect(onlyCall(run(ask('can you get time in Tokyo', 'auto')).result).name).toBe('get_time')
    expect(onlyCall(run(ask('Please call get_weather for Paris', undefined)).result).name).toBe('get_weather')
    const plain = run(ask('What is the weather like?', 'auto')).result
    expect(callsOf(plain)).toHaveLength(0)
    expect(plain.finish?.unified).toBe('stop')
  })

  it('auto: the earliest named tool wins; a name inside another word does not count', () => {
    expect(onlyCall(run(ask('get_time first, then get_weather', 'auto')).result).name).toBe('get_time')
    expect(callsOf(run(ask('my_get_weather_helper is broken', 'auto')).result)).toHaveLength(0)
  })

  it('none: never calls, even when the user names a tool', () => {
    const { result } = run(ask('Please call get_weather', 'none'))
    expect(callsOf(result)).toHaveLength(0)
    expect(result.finish?.unified).toBe('stop')
  })

  it('auto after tool results: answers the results instead of calling again', () => {
    const request: ChatRequest = {
      ...ask('Please call get_weather for Paris', 'auto'),
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Please call get_weather for Paris' }] },
        {
          role: 'assistant',
          content: [{ type: 'tool-call', id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' }],
        },
        { role: 'tool', toolCallId: 'call_1', content: '18°C, clear' },
      ],
    }
    const { result } = run(request)
    expect(callsOf(result)).toHaveLength(0)
    expect(result.content[0]?.type === 'text' && result.content[0].text).toContain(
      '`get_weather` returned "18°C, clear"',
    )
  })

  it('takes argument values from the user message where the property name suggests it', () => {
    const call = onlyCall(
      run(ask('Weather in San Francisco tomorrow?', { name: 'get_weather' }), 'anthropic-messages').result,
    )
    expect(JSON.parse(call.arguments)).toMatchObject({ city: 'San Francisco' })
  })

  it('produces schema-valid arguments for every fixture schema, at any temperature', () => {
    for (const [name, parameters] of Object.entries(SCHEMAS)) {
      for (const temperature of [0, 0.5, 1, 1.5]) {
        const request = ask('Go ahead in Berlin', { name }, { temperature, tools: [{ name, parameters }] })
        const call = onlyCall(run(request).result)
        expect(
          schemaViolations(JSON.parse(call.arguments), parameters),
          `${name}: ${call.arguments}`,
        ).toEqual([])
      }
    }
  })
})

describe('simulate: tool call stream', () => {
  it('streams the arguments in a few fragments and counts name + argument tokens as output', () => {
    const { simulation, result } = run(ask('Order please', { name: 'create_order' }))
    const types = simulation.parts.map((part) => part.type)
    expect(types.slice(0, 3)).toEqual(['start', 'usage', 'tool-call-start'])
    const fragments = simulation.parts.filter((part) => part.type === 'tool-call-delta')
    expect(fragments.length).toBeGreaterThanOrEqual(2)
    expect(fragments.length).toBeLessThanOrEqual(5)
    expect(types.slice(-4)).toEqual(['tool-call-end', 'usage', 'finish', 'end'])
    const call = onlyCall(result)
    expect(result.usage?.outputTokens).toBe(countTokens(call.name) + countTokens(call.arguments))
  })

  it('is deterministic, ids included', () => {
    const request = ask('Order please', { name: 'create_order' })
    expect(simulate(request, context())).toEqual(simulate({ ...request, stream: false }, context()))
  })

  it('cuts the arguments at max_tokens, finish length', () => {
    const { result } = run(ask('Order please', { name: 'create_order' }, { maxTokens: 8 }))
    const call = onlyCall(result)
    expect(result.usage?.outputTokens).toBe(8)
    expect(result.finish?.unified).toBe('length')
    expect(() => JSON.parse(call.arguments)).toThrow()
  })

  it('paces each fragment after the tokens of the part before it (ttft first)', () => {
    const { simulation } = run(ask('Order please', { name: 'create_order' }))
    const msPerToken = 1000 / 50
    const content = simulation.parts.flatMap((part, index) =>
      part.type === 'tool-call-start'
        ? [{ index, tokens: countTokens(part.name) }]
        : part.type === 'tool-call-delta'
          ? [{ index, tokens: countTokens(part.argumentsDelta) }]
          : [],
    )
    expect(simulation.delaysMs[content[0]?.index ?? -1]).toBe(200)
    for (let k = 1; k < content.length; k++) {
      const previous = content[k - 1] as { tokens: number }
      const delay = simulation.delaysMs[(content[k] as { index: number }).index] as number
      // A fragment re-tokenized alone may differ by a token at its seams.
      expect(Math.abs(delay - previous.tokens * msPerToken)).toBeLessThanOrEqual(msPerToken + 1)
    }
  })
})
