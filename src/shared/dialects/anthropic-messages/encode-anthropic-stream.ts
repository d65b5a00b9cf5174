import type { FinishReason, Usage } from '../../chat/chat-result'
import type { DialectError } from '../../chat/errors'
import type { StreamPart } from '../../chat/stream-part'
import type { EncodeContext, StreamEncoder } from '../dialect'
import type { SseFrame } from '../sse/sse-message'
import { anthropicToolUseId } from './anthropic-tool-use-id'
import { anthropicUsageFrom } from './convert-anthropic-usage'
import { anthropicErrorTypeOf } from './encode-anthropic-error'
import { anthropicStopFromFinish } from './map-anthropic-stop-reason'

function startUsage(usage: Usage | undefined) {
  const { input_tokens, cache_creation_input_tokens, cache_read_input_tokens, output_tokens } =
    anthropicUsageFrom(usage)
  return { input_tokens, cache_creation_input_tokens, cache_read_input_tokens, output_tokens }
}

export const UPSTREAM_ENDED_MESSAGE = 'The upstream stream ended before the reply was complete.'

type ToolCall = {
  id: string
  name: string
  /** Arguments received while the call waited for its turn to become a block. */
  pending: string
  /** tool-call-start arrived (a delta may come first: then id and name are unknown yet). */
  hasHeader: boolean
  ended: boolean
  /** Its block was written and closed: later fragments have nowhere to go. */
  flushed: boolean
  ordinal: number
}

type Segment = { kind: 'text' | 'thinking'; text: string } | { kind: 'tool'; index: number }

/**
 * StreamParts → Messages SSE (B3, E.4), valid for ANY legal part sequence, including one produced by
 * the OpenAI parser when the gateway translates. What the official SDK helper and Vercel require:
 * - `message_start` first, with a `usage` object. It is written at the first part that is not `start`
 *   or `usage`, so usage known up front (an Anthropic upstream) goes into it;
 * - content blocks strictly one after another, `content_block_start` before any delta. OpenAI may
 *   interleave tool calls by index, so a tool call streams live only while it is the open block;
 *   everything that arrives meanwhile (other calls, text) waits in order and is written when that
 *   block closes (C3 item 8). Text and thinking never wait on each other: a new block simply opens;
 * - `message_delta` (stop reason + cumulative usage) is HELD after `finish` until `end`, so a usage
 *   part arriving after the finish (OpenAI's include_usage chunk) still makes it in; then
 *   `message_stop`;
 * - an `error` part becomes `event: error`, and nothing follows; an upstream that just stops gets an
 *   in-band error from `end()` — a Messages server never stops without a terminal event.
 * Every event has an `event:` line AND a JSON `type`. Parts with no Messages form are dropped: `raw`
 * (never invent event types, E.1) and `start` (id and model come from `context`).
 */
export function createAnthropicStreamEncoder(context: EncodeContext): StreamEncoder {
  let out: SseFrame[] = []
  let started = false
  let done = false
  let usage: Usage | undefined
  let finish: FinishReason | undefined
  let nextBlockIndex = 0
  let openBlock: { kind: 'text' | 'thinking' | 'tool'; index: number } | undefined
  let liveTool: number | undefined
  let toolOrdinal = 0
  const tools = new Map<number, ToolCall>()
  const waiting: Segment[] = []

  function emit(type: string, payload: Record<string, unknown>): void {
    out.push({ event: type, data: JSON.stringify({ type, ...payload }) })
  }

  function ensureStarted(): void {
    if (started) return
    started = true
    emit('message_start', {
      message: {
        id: context.id,
        type: 'message',
        role: 'assistant',
        model: context.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        // The four counters only: thinking tokens are a final figure, given once in message_delta.
        usage: startUsage(usage),
      },
    })
  }

  function closeBlock(): void {
    if (openBlock === undefined) return
    emit('content_block_stop', { index: openBlock.index })
    openBlock = undefined
  }

  function writeText(kind: 'text' | 'thinking', text: string): void {
    if (openBlock?.kind !== kind) {
      closeBlock()
      openBlock = { kind, index: nextBlockIndex++ }
      const contentBlock =
        kind === 'text' ? { type: 'text', text: '' } : { type: 'thinking', thinking: '', signature: '' }
      emit('content_block_start', { index: openBlock.index, content_block: contentBlock })
    }
    const delta = kind === 'text' ? { type: 'text_delta', text } : { type: 'thinking_delta', thinking: text }
    emit('content_block_delta', { index: openBlock.index, delta })
  }

  function writeArguments(argumentsText: string): void {
    if (openBlock?.kind !== 'tool' || argumentsText === '') return
    emit('content_block_delta', {
      index: openBlock.index,
      delta: { type: 'input_json_delta', partial_json: argumentsText },
    })
  }

  function openToolBlock(call: ToolCall): void {
    closeBlock()
    openBlock = { kind: 'tool', index: nextBlockIndex++ }
    emit('content_block_start', {
      index: openBlock.index,
      content_block: {
        type: 'tool_use',
        id: anthropicToolUseId(call.id, call.ordinal, context),
        name: call.name,
        input: {},
      },
    })
    writeArguments(call.pending)
    call.pending = ''
  }

  /** Write what waits, in arrival order, until a tool call that is still streaming takes the block. */
  function drain(force: boolean): void {
    while (liveTool === undefined) {
      const head = waiting[0]
      if (head === undefined) return
      if (head.kind !== 'tool') {
        waiting.shift()
        writeText(head.kind, head.text)
        continue
      }
      const call = tools.get(head.index) as ToolCall
      // A call whose header has not come yet cannot open its block (id and name go first).
      if (!call.hasHeader && !call.ended && !force) return
      waiting.shift()
      openToolBlock(call)
      if (call.ended || force) {
        call.flushed = true
        closeBlock()
      } else {
        liveTool = head.index
      }
    }
  }

  /** Before finish, end or error: every block written and closed, nothing left waiting. */
  function flushAll(): void {
    if (liveTool !== undefined) {
      ;(tools.get(liveTool) as ToolCall).flushed = true
      liveTool = undefined
    }
    closeBlock()
    drain(true)
    closeBlock()
  }

  function onText(kind: 'text' | 'thinking', text: string): void {
    if (text === '') return
    if (liveTool === undefined && waiting.length === 0) {
      writeText(kind, text)
      return
    }
    const tail = waiting[waiting.length - 1]
    if (tail !== undefined && tail.kind === kind) tail.text += text
    else waiting.push({ kind, text })
  }

  function newCall(index: number, id: string, name: string, hasHeader: boolean): ToolCall {
    const call: ToolCall = {
      id,
      name,
      pending: '',
      hasHeader,
      ended: false,
      flushed: false,
      ordinal: toolOrdinal++,
    }
    tools.set(index, call)
    waiting.push({ kind: 'tool', index })
    return call
  }

  function onToolStart(index: number, id: string, name: string): void {
    const call = tools.get(index)
    if (call === undefined) {
      newCall(index, id, name, true)
    } else {
      // A repeated header, or the header after early fragments: fill in what is still unknown.
      if (call.id === '') call.id = id
      if (call.name === '') call.name = name
      call.hasHeader = true
    }
    drain(false)
  }

  function onToolDelta(index: number, argumentsDelta: string): void {
    if (argumentsDelta === '') return
    const call = tools.get(index)
    if (call === undefined) {
      newCall(index, '', '', false).pending = argumentsDelta
      return
    }
    if (index === liveTool) writeArguments(argumentsDelta)
    // A fragment for a call already written (it was cut off by a finish) is lost: Messages blocks
    // cannot reopen. Legal part sequences do not do this.
    else if (!call.flushed) call.pending += argumentsDelta
  }

  function onToolEnd(index: number): void {
    const call = tools.get(index)
    if (call === undefined) return
    call.ended = true
    if (index === liveTool) {
      call.flushed = true
      closeBlock()
      liveTool = undefined
    }
    drain(false)
  }

  function writeError(error: DialectError): void {
    emit('error', { error: { type: anthropicErrorTypeOf(error), message: error.message } })
  }

  function terminate(error: DialectError | undefined): void {
    ensureStarted()
    flushAll()
    if (error !== undefined) {
      writeError(error)
    } else {
      const stop = anthropicStopFromFinish(finish)
      const wireUsage = anthropicUsageFrom(usage)
      emit('message_delta', {
        delta: { stop_reason: stop.stop_reason, stop_sequence: stop.stop_sequence },
        // Cumulative totals. Input and cache counters are repeated because an OpenAI upstream only
        // reports them at the end, after message_start went out with zeros.
        usage: usage === undefined ? { output_tokens: 0 } : wireUsage,
      })
      emit('message_stop', {})
    }
    done = true
  }

  function handle(part: StreamPart): void {
    switch (part.type) {
      case 'start':
      case 'raw':
        return
      case 'usage':
        usage = part.usage
        // The prompt's usage known before any content (real Messages servers, the simulator) opens the
        // message at once: message_start comes first (E.4), before any keep-alive a slow first token needs.
        ensureStarted()
        return
      case 'text-delta':
        ensureStarted()
        onText('text', part.text)
        return
      case 'reasoning-delta':
        ensureStarted()
        onText('thinking', part.text)
        return
      case 'tool-call-start':
        ensureStarted()
        onToolStart(part.index, part.id, part.name)
        return
      case 'tool-call-delta':
        ensureStarted()
        onToolDelta(part.index, part.argumentsDelta)
        return
      case 'tool-call-end':
        ensureStarted()
        onToolEnd(part.index)
        return
      case 'finish':
        ensureStarted()
        flushAll()
        finish = part.reason
        return
      case 'error':
        terminate(part.error)
        return
      case 'end':
        terminate(undefined)
        return
      default: {
        const unreachable: never = part
        throw new Error(`unknown stream part ${JSON.stringify(unreachable)}`)
      }
    }
  }

  function take(): SseFrame[] {
    const frames = out
    out = []
    return frames
  }

  return {
    push(part) {
      if (done) return []
      handle(part)
      return take()
    },
    end() {
      if (done) return []
      terminate({ type: 'api_error', message: UPSTREAM_ENDED_MESSAGE, kind: 'server_error' })
      return take()
    },
  }
}

/** A real `ping` event rather than an SSE comment: what the API sends, and what every client skips. */
export function anthropicKeepAlive(): SseFrame {
  return { event: 'ping', data: '{"type":"ping"}' }
}
