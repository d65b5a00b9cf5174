import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type {
  AssistantMessage,
  ChatMessage,
  ChatRequest,
  ToolDefinition,
  UserMessage,
} from '../../chat/chat-request'
import { buildAnthropicRequest } from './build-anthropic-request'
import { decodeAnthropicRequest } from './decode-anthropic-request'

const TARGET = { baseUrl: 'http://127.0.0.1:8787/v1', apiKey: 'sk-test' }

const nonBlank = fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '')

const userContent: fc.Arbitrary<UserMessage['content']> = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: nonBlank.map((text) => ({ type: 'text' as const, text })) },
    {
      weight: 1,
      arbitrary: fc
        .record({
          mediaType: fc.constantFrom('image/jpeg', 'image/png', 'image/gif', 'image/webp'),
          bytes: fc.uint8Array({ minLength: 1, maxLength: 12 }),
        })
        .map(({ mediaType, bytes }) => ({
          type: 'image' as const,
          source: { kind: 'base64' as const, mediaType, data: Buffer.from(bytes).toString('base64') },
        })),
    },
    {
      weight: 1,
      arbitrary: fc.stringMatching(/^[a-z0-9/._-]{1,20}$/).map((path) => ({
        type: 'image' as const,
        source: { kind: 'url' as const, url: `https://example.com/${path}` },
      })),
    },
  ),
  { minLength: 1, maxLength: 3 },
)

/**
 * A conversation Messages can carry: every assistant tool call is answered right after by one tool
 * message per call (then maybe the user's next words), ids are unique and Messages-safe, arguments are
 * compact JSON objects.
 */
const conversation: fc.Arbitrary<ChatMessage[]> = fc
  .array(
    fc.record({
      user: userContent,
      assistantText: fc.option(nonBlank, { nil: undefined }),
      calls: fc.array(
        fc.record({
          name: fc.stringMatching(/^[a-zA-Z0-9_-]{1,64}$/),
          input: fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
          result: fc.string({ unit: 'binary', maxLength: 15 }),
          isError: fc.option(fc.boolean(), { nil: undefined }),
        }),
        { maxLength: 2 },
      ),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((turns) => {
    const messages: ChatMessage[] = []
    let callId = 0
    for (const turn of turns) {
      messages.push({ role: 'user', content: turn.user })
      const content: AssistantMessage['content'] = []
      if (turn.assistantText !== undefined) content.push({ type: 'text', text: turn.assistantText })
      const ids = turn.calls.map(() => `toolu_${callId++}`)
      turn.calls.forEach((call, i) =>
        content.push({
          type: 'tool-call',
          id: ids[i] as string,
          name: call.name,
          arguments: JSON.stringify(call.input),
        }),
      )
      if (content.length === 0) continue
      messages.push({ role: 'assistant', content })
      turn.calls.forEach((call, i) =>
        messages.push({
          role: 'tool',
          toolCallId: ids[i] as string,
          content: call.result,
          ...(call.isError === undefined ? {} : { isError: call.isError }),
        }),
      )
    }
    return messages
  })

const tools: fc.Arbitrary<ToolDefinition[]> = fc.uniqueArray(
  fc.record(
    {
      name: fc.stringMatching(/^[a-zA-Z0-9_-]{1,64}$/),
      description: fc.string({ maxLength: 20 }),
      parameters: fc.constantFrom(
        { type: 'object' },
        { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      ),
    },
    { requiredKeys: ['name', 'parameters'] },
  ),
  { maxLength: 3, selector: (t) => t.name },
)

const unitInterval = fc.double({ min: 0, max: 1, noNaN: true })

const request: fc.Arbitrary<ChatRequest> = fc
  .record(
    {
      model: fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
      system: nonBlank,
      messages: conversation,
      temperature: fc.double({ min: 0, max: 2, noNaN: true }),
      topP: unitInterval,
      maxTokens: fc.integer({ min: 1, max: 200_000 }),
      stop: fc.array(fc.oneof(nonBlank, fc.constantFrom(' ', '\n\t')), { maxLength: 3 }),
      stream: fc.boolean(),
      includeUsage: fc.boolean(),
      responseFormat: fc.oneof(
        fc.constant({ type: 'text' as const }),
        fc.constant({ type: 'json_object' as const }),
        fc.record({
          type: fc.constant('json_schema' as const),
          name: fc.stringMatching(/^[a-z_]{1,10}$/),
          schema: fc.constant({ type: 'object', properties: { answer: { type: 'string' } } }),
          strict: fc.boolean(),
        }),
      ),
      tools,
      toolChoiceSeed: fc.nat(),
      parallelToolCalls: fc.boolean(),
      seed: fc.integer(),
    },
    { requiredKeys: ['model', 'messages', 'stream', 'tools', 'toolChoiceSeed'] },
  )
  .map(({ toolChoiceSeed, ...rest }) => {
    const req: ChatRequest = { ...rest }
    if (rest.tools.length === 0) delete req.tools
    // A forced choice must name a defined tool (the decoder enforces it, as the API does).
    const choices: Array<ChatRequest['toolChoice']> = [undefined, 'auto', 'none']
    if (rest.tools.length > 0)
      choices.push('required', {
        name: (rest.tools[toolChoiceSeed % rest.tools.length] as ToolDefinition).name,
      })
    const toolChoice = choices[toolChoiceSeed % choices.length]
    if (toolChoice !== undefined) req.toolChoice = toolChoice
    return req
  })

/**
 * The request as Messages carries it, each difference matching an adjustment the builder reported:
 * max_tokens defaulted to 4096, temperature clamped to 0–1, whitespace stop sequences and seed
 * dropped, includeUsage meaningless, response formats as output_config.format (named
 * structured_output), parallelToolCalls false carried on tool_choice (an `auto` one if none was set)
 * and dropped without tools or with `none`; parallelToolCalls true is the default and not sent.
 */
function asCarriedByMessages(req: ChatRequest): { expected: ChatRequest; adjusted: Set<string> } {
  const expected: ChatRequest = { ...req }
  const adjusted = new Set<string>()
  if (req.maxTokens === undefined) {
    expected.maxTokens = 4096
    adjusted.add('maxTokens')
  }
  if (req.temperature !== undefined && req.temperature > 1) {
    expected.temperature = 1
    adjusted.add('temperature')
  }
  if (req.stop !== undefined) {
    const kept = req.stop.filter((s) => s.trim() !== '')
    if (kept.length !== req.stop.length) adjusted.add('stop')
    if (kept.length > 0) expected.stop = kept
    else delete expected.stop
  }
  if (req.seed !== undefined) adjusted.add('seed')
  delete expected.seed
  delete expected.includeUsage
  const format = req.responseFormat
  if (format?.type === 'text') delete expected.responseFormat
  if (format?.type === 'json_object') {
    expected.responseFormat = { type: 'json_schema', name: 'structured_output', schema: { type: 'object' } }
    adjusted.add('responseFormat')
  }
  if (format?.type === 'json_schema') {
    expected.responseFormat = { type: 'json_schema', name: 'structured_output', schema: format.schema }
    adjusted.add('responseFormat')
  }
  if (req.parallelToolCalls === false) {
    adjusted.add('parallelToolCalls')
    if (req.tools === undefined || req.toolChoice === 'none') delete expected.parallelToolCalls
    else expected.toolChoice ??= 'auto'
  } else {
    delete expected.parallelToolCalls
  }
  return { expected, adjusted }
}

describe('buildAnthropicRequest → decodeAnthropicRequest', () => {
  it('reproduces any canonical request Messages can carry, modulo exactly the reported adjustments', () => {
    fc.assert(
      fc.property(request, (req) => {
        const built = buildAnthropicRequest(req, TARGET)
        const decoded = decodeAnthropicRequest(JSON.parse(built.http.body ?? ''))
        const { expected, adjusted } = asCarriedByMessages(req)
        expect(decoded).toEqual(expected)
        expect(new Set(built.adjustments.map((a) => a.param))).toEqual(adjusted)
      }),
      { numRuns: 500 },
    )
  })

  it('sends bodies that are printable ASCII whatever the text', () => {
    fc.assert(
      fc.property(request, (req) => {
        expect(buildAnthropicRequest(req, TARGET).http.body).toMatch(/^[\x20-\x7e]*$/)
      }),
      { numRuns: 100 },
    )
  })
})
