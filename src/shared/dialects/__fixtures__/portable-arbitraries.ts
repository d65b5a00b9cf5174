import fc from 'fast-check'
import {
  CACHE_TTLS,
  REASONING_DISPLAYS,
  REASONING_EFFORTS,
  type AssistantMessage,
  type CacheBreakpoint,
  type ChatMessage,
  type ChatRequest,
  type ReasoningSetting,
  type ToolDefinition,
  type UserMessage,
} from '../../chat/chat-request'
import type { UnifiedFinishReason, Usage } from '../../chat/chat-result'
import type { StreamPart } from '../../chat/stream-part'

/**
 * Test support: canonical values that EVERY dialect must carry, for the registry-driven conformance
 * suite. "Portable" is the intersection of what the wire formats can say without an adjustment:
 * a max_tokens (Messages requires one), temperature and top_p in 0–1, at most four non-blank stop
 * sequences, tool arguments that are JSON objects, safe tool ids, images in the four common types.
 * Whatever a dialect can say beyond that is tested in its own folder.
 */

/** Text a user or model may write, never blank (Messages rejects blank text blocks and stops). */
const nonBlank = fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '')
/** A number the wire carries exactly (-0 would come back as 0). */
const unit = fc.double({ min: 0, max: 1, noNaN: true }).map((x) => x + 0)
const display = fc.constantFrom(...REASONING_DISPLAYS)
const toolName = fc.stringMatching(/^[a-zA-Z0-9_-]{1,64}$/)

const base64 = fc
  .uint8Array({ minLength: 1, maxLength: 12 })
  .map((bytes) => btoa(String.fromCharCode(...bytes)))

const userContent: fc.Arbitrary<UserMessage['content']> = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: nonBlank.map((text) => ({ type: 'text' as const, text })) },
    {
      weight: 1,
      arbitrary: fc
        .record({
          mediaType: fc.constantFrom('image/jpeg', 'image/png', 'image/gif', 'image/webp'),
          data: base64,
        })
        .map(({ mediaType, data }) => ({
          type: 'image' as const,
          source: { kind: 'base64' as const, mediaType, data },
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

/** Compact JSON object text, the only tool-argument form every dialect carries verbatim. */
const jsonObjectText = fc
  .dictionary(
    fc.string({ maxLength: 6 }).filter((key) => key !== '__proto__'),
    fc.jsonValue({ maxDepth: 2 }),
    { maxKeys: 3 },
  )
  .map((value) => JSON.stringify(value))

/**
 * A conversation every dialect accepts: it opens with a user turn; assistant text comes before the
 * tool calls; every call is answered right after by one tool message (then maybe the user's next
 * words); ids are unique and made of letters, digits and `_`.
 */
const conversation: fc.Arbitrary<ChatMessage[]> = fc
  .array(
    fc.record({
      user: userContent,
      assistantText: fc.option(nonBlank, { nil: undefined }),
      calls: fc.array(
        fc.record({
          name: toolName,
          arguments: jsonObjectText,
          result: fc.string({ unit: 'binary', maxLength: 15 }),
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
      const ids = turn.calls.map(() => `call_${callId++}`)
      turn.calls.forEach((call, i) =>
        content.push({ type: 'tool-call', id: ids[i] as string, name: call.name, arguments: call.arguments }),
      )
      if (content.length === 0) continue
      messages.push({ role: 'assistant', content })
      turn.calls.forEach((call, i) =>
        messages.push({ role: 'tool', toolCallId: ids[i] as string, content: call.result }),
      )
    }
    return messages
  })

const tools: fc.Arbitrary<ToolDefinition[]> = fc.uniqueArray(
  fc.record(
    {
      name: toolName,
      description: fc.string({ maxLength: 20 }),
      parameters: fc.constantFrom(
        { type: 'object' },
        { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      ),
    },
    { requiredKeys: ['name', 'parameters'] },
  ),
  { minLength: 1, maxLength: 3, selector: (tool) => tool.name },
)

/** A request every dialect carries as it is (only defaults may be added, e.g. usage on a stream). */
export const portableRequest: fc.Arbitrary<ChatRequest> = fc
  .record(
    {
      model: fc.stringMatching(/^[a-zA-Z0-9._:-]{1,40}$/),
      system: nonBlank,
      messages: conversation,
      temperature: unit,
      topP: unit,
      maxTokens: fc.integer({ min: 1, max: 200_000 }),
      stop: fc.array(nonBlank, { minLength: 1, maxLength: 4 }),
      stream: fc.boolean(),
      tools,
      toolChoiceSeed: fc.nat(),
    },
    { requiredKeys: ['model', 'messages', 'maxTokens', 'stream', 'toolChoiceSeed'] },
  )
  .map(({ toolChoiceSeed, ...rest }) => {
    const request: ChatRequest = rest
    // A tool choice only with tools (Chat Completions refuses one without), and a named one must
    // name a defined tool (both decoders say so).
    const defined = rest.tools ?? []
    const named = defined[toolChoiceSeed % Math.max(1, defined.length)]
    if (named !== undefined) {
      const choices: Array<ChatRequest['toolChoice']> = [
        undefined,
        'auto',
        'none',
        'required',
        { name: named.name },
      ]
      const toolChoice = choices[toolChoiceSeed % choices.length]
      if (toolChoice !== undefined) request.toolChoice = toolChoice
    }
    return request
  })

const reasoningSetting: fc.Arbitrary<ReasoningSetting> = fc.oneof(
  fc.constant({ type: 'off' as const }),
  fc.record(
    { type: fc.constant('budget' as const), budgetTokens: fc.integer({ min: 1024, max: 100_000 }), display },
    { requiredKeys: ['type', 'budgetTokens'] },
  ),
  fc.record(
    { type: fc.constant('adaptive' as const), display, effort: fc.constantFrom(...REASONING_EFFORTS) },
    { requiredKeys: ['type'] },
  ),
  fc.record({ type: fc.constant('effort' as const), effort: fc.constantFrom(...REASONING_EFFORTS) }),
)

const breakpoint: fc.Arbitrary<CacheBreakpoint> = fc.oneof(
  fc.constant({}),
  fc.constantFrom(...CACHE_TTLS).map((ttl) => ({ ttl })),
)

/**
 * A portable request with what only some dialects say: a reasoning setting (a budget that Messages
 * accepts: at least 1024 and below max_tokens), `promptCacheKey`, and cache breakpoints on the system
 * prompt, the last tool and the first user text.
 */
export const requestWithReasoningAndCache: fc.Arbitrary<ChatRequest> = fc
  .record({
    request: portableRequest,
    reasoning: fc.option(reasoningSetting, { nil: undefined }),
    promptCacheKey: fc.option(fc.stringMatching(/^[a-z0-9-]{1,20}$/), { nil: undefined }),
    systemCache: fc.option(breakpoint, { nil: undefined }),
    toolCache: fc.option(breakpoint, { nil: undefined }),
    textCache: fc.option(breakpoint, { nil: undefined }),
  })
  .map(({ request, reasoning, promptCacheKey, systemCache, toolCache, textCache }) => {
    const out: ChatRequest = structuredClone(request)
    if (
      reasoning !== undefined &&
      (reasoning.type !== 'budget' || reasoning.budgetTokens < (out.maxTokens ?? 0))
    )
      out.reasoning = reasoning
    if (promptCacheKey !== undefined) out.promptCacheKey = promptCacheKey
    if (systemCache !== undefined && out.system !== undefined) out.systemCache = systemCache
    const lastTool = out.tools?.[out.tools.length - 1]
    if (toolCache !== undefined && lastTool !== undefined) lastTool.cache = toolCache
    const firstText =
      out.messages[0]?.role === 'user' ? out.messages[0].content.find((p) => p.type === 'text') : undefined
    if (textCache !== undefined && firstText !== undefined) firstText.cache = textCache
    return out
  })

/** A minimal request for probing one parameter at a time. */
export const MINIMAL_REQUEST: ChatRequest = {
  model: 'vendorb3.8-Flash-Next',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
  maxTokens: 64,
  stream: false,
}

type PortableStream = {
  parts: StreamPart[]
  terminal: 'end' | 'error'
  /** What the reply said, which every dialect must deliver to its clients. */
  text: string
  reasoning: string
  toolCalls: Array<{ id: string; name: string; arguments: string }>
  finish: UnifiedFinishReason
  usage: Usage | undefined
  errorMessage: string
}

/** Usage both dialects report: the prompt with its cache reads, the output with its reasoning. */
const portableUsage: fc.Arbitrary<Usage> = fc
  .record({
    inputTokens: fc.nat({ max: 1_000_000 }),
    outputTokens: fc.nat({ max: 1_000_000 }),
    cached: fc.option(fc.nat({ max: 1_000_000 }), { nil: undefined }),
    reasoning: fc.option(fc.nat({ max: 1_000_000 }), { nil: undefined }),
  })
  .map(({ inputTokens, outputTokens, cached, reasoning }) => {
    const usage: Usage = { inputTokens, outputTokens }
    if (cached !== undefined) usage.cacheReadTokens = Math.min(cached, inputTokens)
    if (reasoning !== undefined) usage.reasoningTokens = Math.min(reasoning, outputTokens)
    return usage
  })

/**
 * A part sequence every dialect's encoder must deliver intact: text, reasoning and tool calls (each
 * call whole before the next item, its JSON-object arguments in arbitrary fragments), then usage and
 * a finish reason that fits the content, then `end`; or an in-band error instead of the finish.
 */
export const portableStream: fc.Arbitrary<PortableStream> = fc
  .record({
    withStart: fc.boolean(),
    items: fc.array(
      fc.oneof(
        nonBlank.map((text) => ({ kind: 'text' as const, text })),
        nonBlank.map((text) => ({ kind: 'reasoning' as const, text })),
        fc.record({
          kind: fc.constant('tool' as const),
          name: toolName,
          arguments: jsonObjectText,
          cuts: fc.array(fc.nat(), { maxLength: 3 }),
        }),
      ),
      { maxLength: 6 },
    ),
    usage: fc.option(portableUsage, { nil: undefined }),
    stopOrLength: fc.constantFrom('stop' as const, 'length' as const),
    terminal: fc.constantFrom('end' as const, 'error' as const),
    errorMessage: nonBlank,
  })
  .map(({ withStart, items, usage, stopOrLength, terminal, errorMessage }): PortableStream => {
    const parts: StreamPart[] = []
    if (withStart) parts.push({ type: 'start', id: 'upstream-id', model: 'upstream-model' })
    const toolCalls: PortableStream['toolCalls'] = []
    for (const item of items) {
      if (item.kind === 'text') parts.push({ type: 'text-delta', text: item.text })
      else if (item.kind === 'reasoning') parts.push({ type: 'reasoning-delta', text: item.text })
      else {
        const index = toolCalls.length
        const id = `call_${index}`
        toolCalls.push({ id, name: item.name, arguments: item.arguments })
        parts.push({ type: 'tool-call-start', index, id, name: item.name })
        const points = [...new Set(item.cuts.map((c) => c % (item.arguments.length + 1)))].sort(
          (a, b) => a - b,
        )
        let start = 0
        for (const point of [...points, item.arguments.length]) {
          parts.push({ type: 'tool-call-delta', index, argumentsDelta: item.arguments.slice(start, point) })
          start = point
        }
        parts.push({ type: 'tool-call-end', index })
      }
    }
    const finish: UnifiedFinishReason = toolCalls.length > 0 ? 'tool-calls' : stopOrLength
    if (terminal === 'error') {
      parts.push({
        type: 'error',
        error: { type: 'server_error', message: errorMessage, kind: 'server_error' },
      })
    } else {
      if (usage !== undefined) parts.push({ type: 'usage', usage })
      parts.push({ type: 'finish', reason: { unified: finish, raw: finish } })
      parts.push({ type: 'end' })
    }
    const texts = items.flatMap((item) => (item.kind === 'text' ? [item.text] : []))
    const reasoning = items.flatMap((item) => (item.kind === 'reasoning' ? [item.text] : []))
    return {
      parts,
      terminal,
      text: texts.join(''),
      reasoning: reasoning.join(''),
      toolCalls,
      finish,
      usage,
      errorMessage,
    }
  })
