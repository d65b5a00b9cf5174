import fc from 'fast-check'
import type {
  AssistantMessage,
  ChatMessage,
  ChatRequest,
  ImagePart,
  ResponseFormat,
  TextPart,
  ToolCallPart,
  ToolDefinition,
  UserMessage,
} from '@shared/chat/chat-request'
import type { DialectError } from '@shared/chat/errors'
import type { StreamPart } from '@shared/chat/stream-part'
import { OPENAI_FINISH_REASONS } from '../map-openai-finish-reason'
import { OPENAI_PARAMETER_RANGES, OPENAI_REQUEST_LIMITS } from '../openai-parameter-ranges'

/**
 * Generators of canonical values for the round-trip properties. They produce what the dialect can
 * carry without adjustment (the adjusted cases are tested one by one), with arbitrary unicode
 * wherever a user or a model writes text.
 */

/** Any text a user or model may write: every code point, lone surrogates, controls, newlines. */
export const anyText = fc.string({ unit: 'binary', maxLength: 24 })
export const nonEmptyText = fc.string({ unit: 'binary', minLength: 1, maxLength: 24 })
export const toolName = fc.stringMatching(/^[a-zA-Z0-9_-]{1,64}$/)
/** A number the wire carries exactly (-0 would come back as 0). */
const finite = (min: number, max: number) => fc.double({ min, max, noNaN: true }).map((x) => x + 0)

const base64 = fc
  .uint8Array({ minLength: 1, maxLength: 24 })
  .map((bytes) => btoa(String.fromCharCode(...bytes)))

const imagePart: fc.Arbitrary<ImagePart> = fc.oneof(
  fc.record({
    type: fc.constant('image' as const),
    source: fc.record({
      kind: fc.constant('base64' as const),
      mediaType: fc.constantFrom('image/png', 'image/jpeg', 'image/gif', 'image/webp'),
      data: base64,
    }),
  }),
  fc.record({
    type: fc.constant('image' as const),
    source: fc.record({
      kind: fc.constant('url' as const),
      url: fc.webUrl({ validSchemes: ['https', 'http'] }),
    }),
  }),
)

const textPart = (text: fc.Arbitrary<string>): fc.Arbitrary<TextPart> =>
  text.map((t) => ({ type: 'text' as const, text: t }))

const userMessage: fc.Arbitrary<UserMessage> = fc
  .array(fc.oneof(textPart(anyText), imagePart), { minLength: 1, maxLength: 3 })
  .map((content) => ({ role: 'user' as const, content }))

/**
 * A conversation the API accepts: it opens with a user turn, and every assistant tool call is
 * answered by a tool message before the next turn. Ids are unique by construction.
 */
const conversation: fc.Arbitrary<ChatMessage[]> = fc
  .array(
    fc.record({
      user: userMessage,
      // Assistant text parts are non-empty: empty text is not carried (it says nothing).
      texts: fc.array(nonEmptyText, { maxLength: 2 }),
      calls: fc.array(fc.record({ name: toolName, arguments: anyText, result: anyText }), { maxLength: 2 }),
      answered: fc.boolean(),
    }),
    { minLength: 1, maxLength: 3 },
  )
  .map((turns) => {
    const messages: ChatMessage[] = []
    turns.forEach((turn, turnIndex) => {
      messages.push(turn.user)
      if (!turn.answered) return
      const calls: ToolCallPart[] = turn.calls.map((call, callIndex) => ({
        type: 'tool-call',
        id: `call_${turnIndex}_${callIndex}`,
        name: call.name,
        arguments: call.arguments,
      }))
      const assistant: AssistantMessage = {
        role: 'assistant',
        content: [...turn.texts.map((text) => ({ type: 'text' as const, text })), ...calls],
      }
      messages.push(assistant)
      turn.calls.forEach((call, callIndex) =>
        messages.push({ role: 'tool', toolCallId: `call_${turnIndex}_${callIndex}`, content: call.result }),
      )
    })
    return messages
  })

const objectSchema = fc
  .dictionary(fc.stringMatching(/^[a-z]{1,8}$/), fc.constantFrom('string', 'number', 'boolean', 'integer'), {
    maxKeys: 3,
  })
  .map((props) => ({
    type: 'object',
    properties: Object.fromEntries(Object.entries(props).map(([k, t]) => [k, { type: t }])),
  }))

const tools: fc.Arbitrary<ToolDefinition[]> = fc.uniqueArray(
  fc.record(
    { name: toolName, description: anyText, parameters: objectSchema },
    { requiredKeys: ['name', 'parameters'] },
  ),
  { minLength: 1, maxLength: 3, selector: (tool) => tool.name },
)

const responseFormat: fc.Arbitrary<ResponseFormat> = fc.oneof(
  fc.constant({ type: 'text' as const }),
  fc.constant({ type: 'json_object' as const }),
  fc.record(
    {
      type: fc.constant('json_schema' as const),
      name: toolName,
      description: anyText,
      schema: objectSchema,
      strict: fc.boolean(),
    },
    { requiredKeys: ['type', 'name', 'schema'] },
  ),
)

/** Canonical requests that Chat Completions carries as they are: no adjustment expected. */
export const carriableRequest: fc.Arbitrary<ChatRequest> = fc
  .record(
    {
      model: fc.stringMatching(/^[a-zA-Z0-9._:-]{1,40}$/),
      system: anyText,
      messages: conversation,
      temperature: finite(OPENAI_PARAMETER_RANGES.temperature.min, OPENAI_PARAMETER_RANGES.temperature.max),
      topP: finite(OPENAI_PARAMETER_RANGES.topP.min, OPENAI_PARAMETER_RANGES.topP.max),
      maxTokens: fc.integer({ min: 1, max: 1_048_576 }),
      stop: fc.array(anyText, { minLength: 1, maxLength: OPENAI_REQUEST_LIMITS.maxStopSequences }),
      stream: fc.boolean(),
      includeUsage: fc.boolean(),
      responseFormat,
      tools,
      seed: fc.integer(),
      toolChoiceKind: fc.constantFrom('auto', 'none', 'required', 'named'),
      parallelToolCalls: fc.boolean(),
    },
    { requiredKeys: ['model', 'messages', 'stream'] },
  )
  .map(({ toolChoiceKind, includeUsage, parallelToolCalls, ...rest }) => {
    const request: ChatRequest = rest
    // include_usage only exists for streams, and is sent explicitly (undefined would be defaulted).
    if (request.stream) request.includeUsage = includeUsage ?? true
    const firstTool = request.tools?.[0]
    if (firstTool !== undefined && toolChoiceKind !== undefined) {
      request.toolChoice = toolChoiceKind === 'named' ? { name: firstTool.name } : toolChoiceKind
    }
    if (firstTool !== undefined && parallelToolCalls !== undefined)
      request.parallelToolCalls = parallelToolCalls
    // The API refuses json_object unless some message mentions JSON: say so in the system prompt.
    if (request.responseFormat?.type === 'json_object')
      request.system = `Reply in JSON. ${request.system ?? ''}`
    return request
  })

/** Errors in OpenAI's own terms (what this dialect's parser reads back unchanged). */
const openaiError: fc.Arbitrary<DialectError> = fc.oneof(
  anyText.map((message) => ({
    type: 'server_error',
    message,
    code: null,
    param: null,
    kind: 'server_error' as const,
  })),
  anyText.map((message) => ({
    type: 'requests',
    message,
    code: 'rate_limit_exceeded',
    param: null,
    kind: 'rate_limit' as const,
  })),
  anyText.map((message) => ({
    type: 'invalid_request_error',
    message,
    code: 'context_length_exceeded',
    param: null,
    kind: 'context_length_exceeded' as const,
  })),
)

export const openaiFinishReason = fc.constantFrom(...OPENAI_FINISH_REASONS)

const usage = fc.record(
  {
    inputTokens: fc.nat(),
    outputTokens: fc.nat(),
    cacheReadTokens: fc.nat(),
    cacheWriteTokens: fc.nat(),
    reasoningTokens: fc.nat(),
  },
  { requiredKeys: ['inputTokens', 'outputTokens'] },
)

type ToolScript = { id: string; name: string; pieces: string[] }

/**
 * Legal part sequences as any parser or engine may produce them: optional `start`, text, reasoning
 * and tool calls in any order, tool calls possibly interleaved, usage early or late (or twice),
 * a finish reason, then `end`, an `error`, or nothing (the upstream dropped).
 */
export const partSequence: fc.Arbitrary<{ parts: StreamPart[]; terminal: 'end' | 'error' | 'dropped' }> = fc
  .record({
    withStart: fc.boolean(),
    items: fc.array(
      fc.oneof(
        nonEmptyText.map((text) => ({ kind: 'text' as const, text })),
        nonEmptyText.map((text) => ({ kind: 'reasoning' as const, text })),
        fc.record({
          kind: fc.constant('tool' as const),
          name: toolName,
          pieces: fc.array(anyText, { maxLength: 3 }),
        }),
      ),
      { maxLength: 6 },
    ),
    interleave: fc.boolean(),
    earlyUsage: fc.option(usage, { nil: undefined }),
    lateUsage: fc.option(usage, { nil: undefined }),
    finish: openaiFinishReason,
    terminal: fc.constantFrom('end' as const, 'error' as const, 'dropped' as const),
    error: openaiError,
  })
  .map(({ withStart, items, interleave, earlyUsage, lateUsage, finish, terminal, error }) => {
    const parts: StreamPart[] = []
    if (withStart) parts.push({ type: 'start', id: 'upstream-id', model: 'upstream-model' })
    if (earlyUsage !== undefined) parts.push({ type: 'usage', usage: earlyUsage })
    let toolIndex = 0
    const open: Array<ToolScript & { index: number }> = []
    const flushTools = () => {
      // Interleaved: one fragment of each open call in turn, as an OpenAI upstream may send them.
      while (open.length > 0) {
        for (const call of [...open]) {
          const piece = call.pieces.shift()
          if (piece !== undefined)
            parts.push({ type: 'tool-call-delta', index: call.index, argumentsDelta: piece })
          else {
            parts.push({ type: 'tool-call-end', index: call.index })
            open.splice(open.indexOf(call), 1)
          }
        }
      }
    }
    for (const item of items) {
      if (item.kind === 'tool') {
        const call = { index: toolIndex, id: `call_g${toolIndex}`, name: item.name, pieces: [...item.pieces] }
        toolIndex++
        parts.push({ type: 'tool-call-start', index: call.index, id: call.id, name: call.name })
        open.push(call)
        if (!interleave) flushTools()
        continue
      }
      flushTools()
      parts.push(
        item.kind === 'text'
          ? { type: 'text-delta', text: item.text }
          : { type: 'reasoning-delta', text: item.text },
      )
    }
    flushTools()
    parts.push({ type: 'finish', reason: { unified: finishUnified(finish), raw: finish } })
    if (lateUsage !== undefined) parts.push({ type: 'usage', usage: lateUsage })
    if (terminal === 'end') parts.push({ type: 'end' })
    if (terminal === 'error') parts.push({ type: 'error', error })
    return { parts, terminal }
  })

function finishUnified(raw: (typeof OPENAI_FINISH_REASONS)[number]) {
  // Written out rather than imported, so the property checks the mapping instead of reusing it.
  const table = {
    stop: 'stop',
    length: 'length',
    tool_calls: 'tool-calls',
    function_call: 'tool-calls',
    content_filter: 'content-filter',
  } as const
  return table[raw]
}
