/**
 * Test support (imported by tests only): generated StreamPart sequences of the kinds the gateway
 * feeds an encoder — from this dialect's parser or the OTHER one's — and a checker of the Messages
 * stream grammar the official SDK helper and Vercel rely on (dialects.md B3, E.4).
 */
import fc from 'fast-check'
import type { ChatResult, FinishReason, Usage } from '@shared/chat/chat-result'
import type { GatewayErrorKind } from '@shared/chat/errors'
import { reduceStreamParts } from '@shared/chat/reduce-stream-part'
import type { StreamPart } from '@shared/chat/stream-part'
import type { SseFrame } from '../../sse/sse-message'

export const CONTEXT = {
  id: 'msg_gw01TEST',
  model: 'vendorb3.8-Flash-Next',
  created: 1_750_000_000,
  includeUsage: false,
}

/** Consistent counters: the prompt count includes the cached tokens, as the canonical form says. */
export const usageArb: fc.Arbitrary<Usage> = fc
  .record({
    uncached: fc.nat({ max: 100_000 }),
    cacheRead: fc.option(fc.nat({ max: 100_000 }), { nil: undefined }),
    cacheWrite: fc.option(fc.nat({ max: 100_000 }), { nil: undefined }),
    outputTokens: fc.nat({ max: 100_000 }),
    reasoningTokens: fc.option(fc.nat({ max: 1000 }), { nil: undefined }),
  })
  .map(({ uncached, cacheRead, cacheWrite, outputTokens, reasoningTokens }) => {
    const usage: Usage = { inputTokens: uncached + (cacheRead ?? 0) + (cacheWrite ?? 0), outputTokens }
    if (cacheRead !== undefined) usage.cacheReadTokens = cacheRead
    if (cacheWrite !== undefined) usage.cacheWriteTokens = cacheWrite
    if (reasoningTokens !== undefined) usage.reasoningTokens = reasoningTokens
    return usage
  })

/**
 * Finish reasons as either parser produces them, with what a Messages client reads back. Messages'
 * own values survive; foreign ones map by meaning; `other`/`error` have no Messages value and come
 * back as `end_turn` (so does a reply that never said how it finished).
 */
export const FINISH_CASES: Array<{ input: FinishReason | undefined; expected: FinishReason; wire: string }> =
  [
    {
      input: { unified: 'stop', raw: 'end_turn' },
      expected: { unified: 'stop', raw: 'end_turn' },
      wire: 'end_turn',
    },
    {
      input: { unified: 'stop', raw: 'stop_sequence', stopSequence: '##' },
      expected: { unified: 'stop', raw: 'stop_sequence', stopSequence: '##' },
      wire: 'stop_sequence',
    },
    {
      input: { unified: 'length', raw: 'max_tokens' },
      expected: { unified: 'length', raw: 'max_tokens' },
      wire: 'max_tokens',
    },
    {
      input: { unified: 'tool-calls', raw: 'tool_use' },
      expected: { unified: 'tool-calls', raw: 'tool_use' },
      wire: 'tool_use',
    },
    {
      input: { unified: 'content-filter', raw: 'refusal' },
      expected: { unified: 'content-filter', raw: 'refusal' },
      wire: 'refusal',
    },
    {
      input: { unified: 'other', raw: 'pause_turn' },
      expected: { unified: 'other', raw: 'pause_turn' },
      wire: 'pause_turn',
    },
    {
      input: { unified: 'length', raw: 'model_context_window_exceeded' },
      expected: { unified: 'length', raw: 'model_context_window_exceeded' },
      wire: 'model_context_window_exceeded',
    },
    // From the OpenAI parser:
    {
      input: { unified: 'stop', raw: 'stop' },
      expected: { unified: 'stop', raw: 'end_turn' },
      wire: 'end_turn',
    },
    {
      input: { unified: 'stop', raw: 'stop', stopSequence: 'END' },
      expected: { unified: 'stop', raw: 'stop_sequence', stopSequence: 'END' },
      wire: 'stop_sequence',
    },
    {
      input: { unified: 'length', raw: 'length' },
      expected: { unified: 'length', raw: 'max_tokens' },
      wire: 'max_tokens',
    },
    {
      input: { unified: 'tool-calls', raw: 'tool_calls' },
      expected: { unified: 'tool-calls', raw: 'tool_use' },
      wire: 'tool_use',
    },
    {
      input: { unified: 'content-filter', raw: 'content_filter' },
      expected: { unified: 'content-filter', raw: 'refusal' },
      wire: 'refusal',
    },
    {
      input: { unified: 'error', raw: 'error' },
      expected: { unified: 'stop', raw: 'end_turn' },
      wire: 'end_turn',
    },
    {
      input: { unified: 'other', raw: 'compaction' },
      expected: { unified: 'stop', raw: 'end_turn' },
      wire: 'end_turn',
    },
    // A stop_sequence claim without the sequence cannot be written truthfully.
    {
      input: { unified: 'stop', raw: 'stop_sequence' },
      expected: { unified: 'stop', raw: 'end_turn' },
      wire: 'end_turn',
    },
    { input: undefined, expected: { unified: 'stop', raw: 'end_turn' }, wire: 'end_turn' },
  ]

type ToolPlan = { id: string; name: string; fragments: string[]; closes: boolean }

export type Scenario = {
  parts: StreamPart[]
  finishCase: (typeof FINISH_CASES)[number]
  /** Tool calls in the order they first appeared, with their complete argument text. */
  tools: Array<{ id: string; name: string; arguments: string }>
}

/** Any JSON object as compact text, cut into fragments at arbitrary places (even inside \u escapes). */
const jsonArgumentsArb: fc.Arbitrary<string[]> = fc
  .tuple(
    fc.dictionary(
      fc.string({ unit: 'binary', maxLength: 6 }).filter((k) => k !== '__proto__'),
      fc.jsonValue({ maxDepth: 2 }),
      { maxKeys: 3 },
    ),
    fc.array(fc.nat()),
  )
  .map(([value, cuts]) => {
    const text = JSON.stringify(value)
    const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b)
    const pieces: string[] = []
    let start = 0
    for (const point of points) {
      pieces.push(text.slice(start, point))
      start = point
    }
    pieces.push(text.slice(start))
    return pieces
  })

/**
 * A legal part sequence: optional start, text / reasoning / tool calls interleaved in any order
 * (each call's own parts in order; end optional, as an upstream may never close it), usage parts
 * anywhere, an optional finish, maybe usage after it, then `end` (or `terminal: 'error'`).
 */
export function scenarioArb(options: {
  jsonArguments: boolean
  terminal: 'end' | 'error'
}): fc.Arbitrary<Scenario> {
  const text = fc.string({ unit: 'binary', maxLength: 12 })
  const tool: fc.Arbitrary<ToolPlan> = fc.record({
    id: fc.stringMatching(/^(toolu_|call_)[a-zA-Z0-9_-]{1,10}$/),
    name: fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_-]{0,15}$/),
    fragments: options.jsonArguments
      ? jsonArgumentsArb
      : fc.array(fc.string({ unit: 'binary', maxLength: 10 }), { maxLength: 4 }),
    closes: fc.boolean(),
  })
  return fc
    .record({
      withStart: fc.boolean(),
      texts: fc.array(text, { maxLength: 5 }),
      reasoning: fc.array(text, { maxLength: 3 }),
      tools: fc.uniqueArray(tool, { maxLength: 3, selector: (t) => t.id }),
      schedule: fc.array(fc.nat(), { maxLength: 60 }),
      usages: fc.array(fc.tuple(fc.nat(), usageArb), { maxLength: 2 }),
      finishCase: fc.constantFrom(...FINISH_CASES),
      usageAfterFinish: fc.option(usageArb, { nil: undefined }),
      error: fc.record({
        type: fc.constantFrom('overloaded_error', 'server_error', 'rate_limit_error', 'weird_error'),
        message: fc.string({ unit: 'binary', maxLength: 20 }),
      }),
    })
    .map((plan): Scenario => {
      const streams: StreamPart[][] = [
        plan.texts.map((t): StreamPart => ({ type: 'text-delta', text: t })),
        plan.reasoning.map((t): StreamPart => ({ type: 'reasoning-delta', text: t })),
        ...plan.tools.map((t, index): StreamPart[] => [
          { type: 'tool-call-start', index, id: t.id, name: t.name },
          ...t.fragments.map((f): StreamPart => ({ type: 'tool-call-delta', index, argumentsDelta: f })),
          ...(t.closes ? [{ type: 'tool-call-end', index } satisfies StreamPart] : []),
        ]),
      ]
      const body: StreamPart[] = []
      let turn = 0
      for (;;) {
        const open = streams.filter((s) => s.length > 0)
        if (open.length === 0) break
        const pick = open[(plan.schedule[turn++] ?? 0) % open.length] as StreamPart[]
        body.push(pick.shift() as StreamPart)
      }
      for (const [position, usage] of plan.usages)
        body.splice(position % (body.length + 1), 0, { type: 'usage', usage })
      const parts: StreamPart[] = [
        ...(plan.withStart
          ? [{ type: 'start', id: 'upstream-id', model: 'upstream-model' } satisfies StreamPart]
          : []),
        ...body,
      ]
      if (options.terminal === 'error') {
        parts.push({ type: 'error', error: plan.error })
      } else {
        if (plan.finishCase.input !== undefined) parts.push({ type: 'finish', reason: plan.finishCase.input })
        if (plan.usageAfterFinish !== undefined) parts.push({ type: 'usage', usage: plan.usageAfterFinish })
        parts.push({ type: 'end' })
      }
      const reduced = reduceStreamParts(parts)
      const tools = reduced.content.flatMap((c) => (c.type === 'tool-call' ? [c] : []))
      return { parts, finishCase: plan.finishCase, tools }
    })
}

/**
 * What a Messages client reduces the encoded stream to, by the rules of the dialect, from the
 * reduction of the input parts. What Messages cannot carry, and so is normalised here:
 * - id and model are the gateway's (`context`), not the upstream's;
 * - usage always has both cache counters (0 when unknown), and is all zeros when none was given;
 * - a tool call with no argument text is `{}` (a tool without parameters streams nothing);
 * - finish reasons as in FINISH_CASES;
 * - an in-band error comes back with a Messages error type.
 */
export function expectedAfterRoundTrip(scenario: Scenario): ChatResult {
  const expected = reduceStreamParts(scenario.parts)
  expected.id = CONTEXT.id
  expected.model = CONTEXT.model
  const usage = expected.usage ?? { inputTokens: 0, outputTokens: 0 }
  expected.usage = {
    ...usage,
    cacheReadTokens: usage.cacheReadTokens ?? 0,
    cacheWriteTokens: usage.cacheWriteTokens ?? 0,
  }
  for (const part of expected.content)
    if (part.type === 'tool-call' && part.arguments === '') part.arguments = '{}'
  if (expected.status === 'provider_error') {
    // An in-band error carries no usage and no stop reason: only the content so far and the error.
    delete expected.finish
    delete expected.usage
    const [type, kind] = ERROR_AFTER_ROUND_TRIP[expected.error?.type ?? ''] ?? ['api_error', 'server_error']
    expected.error = { type, message: expected.error?.message ?? '', kind }
  } else {
    expected.finish = scenario.finishCase.expected
  }
  return expected
}

/** Error types the scenarios use → the Messages type and neutral kind a client reads back. */
const ERROR_AFTER_ROUND_TRIP: Record<string, [string, GatewayErrorKind]> = {
  overloaded_error: ['overloaded_error', 'overloaded'],
  rate_limit_error: ['rate_limit_error', 'rate_limit'],
  // OpenAI's type and an unknown one: not Messages types, no kind given → api_error.
  server_error: ['api_error', 'server_error'],
  weird_error: ['api_error', 'server_error'],
}

const KNOWN_STOP_REASONS = new Set([
  'end_turn',
  'stop_sequence',
  'max_tokens',
  'tool_use',
  'refusal',
  'pause_turn',
  'model_context_window_exceeded',
])
const DELTA_FOR_BLOCK: Record<string, string> = {
  text: 'text_delta',
  tool_use: 'input_json_delta',
  thinking: 'thinking_delta',
}

/**
 * Throws if `frames` break the Messages stream grammar: event line = JSON type on every frame;
 * message_start first with a usage object and empty content; blocks strictly sequential with
 * indexes 0, 1, 2…, starts before deltas of the matching kind; message_delta (known stop reason,
 * numeric output_tokens) after every block closed, then message_stop; or an error event; nothing after.
 */
export function checkMessagesStreamGrammar(frames: SseFrame[]): void {
  // Widened on purpose: the callback below moves it on, which the compiler does not track.
  let state = 'before' as 'before' | 'message' | 'delta' | 'closed'
  let nextIndex = 0
  let open: { index: number; type: string } | undefined
  frames.forEach((frame, position) => {
    const fail = (why: string): never => {
      throw new Error(`frame ${position} ${JSON.stringify(frame)}: ${why}`)
    }
    if ('comment' in frame) return
    if (frame.event === undefined) fail('no event line')
    const json = JSON.parse(frame.data) as Record<string, unknown>
    if (json['type'] !== frame.event) fail('JSON type differs from the event line')
    if (state === 'closed') fail('event after the terminal event')
    const index = json['index']
    switch (frame.event) {
      case 'message_start': {
        if (state !== 'before') fail('message_start not first')
        const message = json['message'] as Record<string, unknown>
        const usage = message['usage'] as Record<string, unknown>
        if (typeof usage?.['input_tokens'] !== 'number' || typeof usage['output_tokens'] !== 'number')
          fail('usage')
        if (!Array.isArray(message['content']) || message['content'].length !== 0) fail('content must be []')
        if (
          message['stop_reason'] !== null ||
          message['role'] !== 'assistant' ||
          message['type'] !== 'message'
        )
          fail('shape')
        state = 'message'
        return
      }
      case 'content_block_start': {
        if (state !== 'message' || open !== undefined)
          fail('block start while a block is open or outside a message')
        if (index !== nextIndex) fail(`block index ${String(index)}, expected ${nextIndex}`)
        const block = json['content_block'] as Record<string, unknown>
        const type = String(block['type'])
        if (type === 'text' && block['text'] !== '') fail('text block must start empty')
        if (type === 'tool_use' && (typeof block['id'] !== 'string' || typeof block['name'] !== 'string'))
          fail('tool id/name')
        if (type === 'tool_use' && JSON.stringify(block['input']) !== '{}')
          fail('tool input must start as {}')
        if (!(type in DELTA_FOR_BLOCK)) fail(`unexpected block type ${type}`)
        open = { index: nextIndex++, type }
        return
      }
      case 'content_block_delta': {
        if (open === undefined || index !== open.index) fail('delta for a block that is not open')
        const delta = json['delta'] as Record<string, unknown>
        if (delta['type'] !== DELTA_FOR_BLOCK[(open as { type: string }).type])
          fail('delta type does not fit the block')
        return
      }
      case 'content_block_stop':
        if (open === undefined || index !== open.index) fail('stop for a block that is not open')
        open = undefined
        return
      case 'message_delta': {
        if (state !== 'message' || open !== undefined) fail('message_delta with a block open')
        const delta = json['delta'] as Record<string, unknown>
        if (!KNOWN_STOP_REASONS.has(String(delta['stop_reason']))) fail('unknown stop_reason')
        const usage = json['usage'] as Record<string, unknown>
        if (typeof usage?.['output_tokens'] !== 'number') fail('message_delta without usage.output_tokens')
        state = 'delta'
        return
      }
      case 'message_stop':
        if (state !== 'delta') fail('message_stop without message_delta')
        state = 'closed'
        return
      case 'error': {
        const error = json['error'] as Record<string, unknown>
        if (typeof error?.['type'] !== 'string' || typeof error['message'] !== 'string') fail('error body')
        state = 'closed'
        return
      }
      default:
        fail('invented event type')
    }
  })
  if (state !== 'closed') throw new Error('stream ended without a terminal event')
}
