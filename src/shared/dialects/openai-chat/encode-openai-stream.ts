import type { FinishReason, Usage } from '../../chat/chat-result'
import type { DialectError } from '../../chat/errors'
import type { StreamPart } from '../../chat/stream-part'
import type { EncodeContext, StreamEncoder } from '../dialect'
import type { SseFrame } from '../sse/sse-message'
import { openaiErrorKindFromWire, openaiErrorShapeFor } from './map-openai-error-kind'
import { openaiFinishReasonFor } from './map-openai-finish-reason'
import { openaiUsageFrom } from './convert-openai-usage'

/** `error.type` values OpenAI itself writes; an upstream error already in these terms is kept as is. */
const OPENAI_ERROR_TYPES = new Set([
  'invalid_request_error',
  'permission_error',
  'requests',
  'tokens',
  'insufficient_quota',
  'server_error',
])

const UPSTREAM_ENDED: DialectError = {
  type: 'server_error',
  message: 'The upstream stream ended before completion.',
  code: null,
  param: null,
  kind: 'server_error',
}

type ToolSlot = { wireIndex: number; headerSent: boolean; id: string; name: string; pendingArguments: string }

type Delta = Record<string, unknown>

/**
 * Server half: stream parts as `chat.completion.chunk` SSE (A3.2, E.3), for parts from any source —
 * our simulator or either dialect's parser — so it never relies on the order a particular upstream
 * uses:
 * - the role chunk (`role: "assistant"`, which the SDK's stream helper requires) is written with the
 *   first content, `content: null` plus the first tool header when the reply starts with a tool call,
 *   else `content: ""`; an empty reply still gets one at the end;
 * - a tool call's first fragment must carry id, type and name: argument pieces that arrive before
 *   their header are held until it comes. Interleaved calls are fine on this wire (keyed by index);
 *   wire indexes are assigned 0, 1, … in order of appearance;
 * - the finish chunk (`delta: {}` + `finish_reason`) is written when the finish part comes; an `end`
 *   without one gets `tool_calls` or `stop` (the helper throws without a finish reason);
 * - usage is held until `end`, then written on its own `choices: []` chunk right before `[DONE]`,
 *   only when the client asked for include_usage (naive clients index `choices[0]`, D.2);
 * - an `error` part becomes `data: {"error":{…}}` and ends the output (no usage chunk: OpenAI never
 *   reports usage for a failed stream); `end()` without an `end` or `error` part means the upstream
 *   dropped, which is written as an in-band error, never a silent stop.
 *
 * Not carried: `stopSequence` (no field for it), finish reasons without an OpenAI value (mapped by
 * `openaiFinishReasonFor`), the upstream's id and model (the reply's identity comes from `context`).
 * Reasoning goes in the non-standard `delta.reasoning_content` (ignored by the official SDK).
 */
export function createOpenaiStreamEncoder(context: EncodeContext): StreamEncoder {
  return new OpenaiStreamEncoder(context)
}

class OpenaiStreamEncoder implements StreamEncoder {
  /** Every chunk shares its envelope: built once, so a delta costs one small JSON.stringify. */
  private readonly head: string
  private readonly usageTail: string
  private roleSent = false
  private finishSent = false
  private terminated = false
  private usage: Usage | undefined
  private readonly tools = new Map<number, ToolSlot>()

  constructor(private readonly context: EncodeContext) {
    this.head =
      `{"id":${JSON.stringify(context.id)},"object":"chat.completion.chunk","created":${JSON.stringify(context.created)},` +
      `"model":${JSON.stringify(context.model)},"choices":[{"index":0,"delta":`
    this.usageTail = context.includeUsage ? ',"usage":null' : ''
  }

  push(part: StreamPart): SseFrame[] {
    if (this.terminated) return []
    return this.encode(part)
  }

  end(): SseFrame[] {
    if (this.terminated) return []
    this.terminated = true
    return [openaiErrorFrame(UPSTREAM_ENDED)]
  }

  private encode(part: StreamPart): SseFrame[] {
    const frames: SseFrame[] = []
    switch (part.type) {
      // No field on this wire for a thinking signature or encrypted thinking.
      case 'reasoning-signature':
      case 'redacted-reasoning':
      case 'start':
      case 'raw':
      case 'tool-call-end':
        return frames
      case 'text-delta':
        if (part.text.length > 0) this.pushDelta(frames, { content: part.text })
        return frames
      case 'reasoning-delta':
        if (part.text.length > 0) this.pushDelta(frames, { reasoning_content: part.text })
        return frames
      case 'tool-call-start':
        this.toolHeader(frames, part.index, part.id, part.name)
        return frames
      case 'tool-call-delta':
        this.toolArguments(frames, part.index, part.argumentsDelta)
        return frames
      case 'usage':
        this.usage = part.usage
        return frames
      case 'finish':
        this.sendFinish(frames, part.reason)
        return frames
      case 'error':
        this.terminated = true
        frames.push(openaiErrorFrame(part.error))
        return frames
      case 'end':
        this.terminated = true
        return this.terminalFrames()
      default: {
        const unreachable: never = part
        throw new Error(`unknown stream part ${JSON.stringify(unreachable)}`)
      }
    }
  }

  private chunk(delta: Delta, finishReason: string | null = null): SseFrame {
    return {
      data: `${this.head}${JSON.stringify(delta)},"logprobs":null,"finish_reason":${JSON.stringify(finishReason)}}]${this.usageTail}}`,
    }
  }

  private pushDelta(frames: SseFrame[], delta: Delta): void {
    if (!this.roleSent && 'tool_calls' in delta) {
      // A reply that starts with a tool call: one role chunk carrying the first header (A3.2).
      this.roleSent = true
      frames.push(this.chunk({ role: 'assistant', content: null, ...delta }))
      return
    }
    this.sendRoleIfNeeded(frames)
    frames.push(this.chunk(delta))
  }

  private sendRoleIfNeeded(frames: SseFrame[]): void {
    if (this.roleSent) return
    this.roleSent = true
    frames.push(this.chunk({ role: 'assistant', content: '' }))
  }

  private slotFor(index: number): ToolSlot {
    let slot = this.tools.get(index)
    if (slot === undefined) {
      slot = { wireIndex: this.tools.size, headerSent: false, id: '', name: '', pendingArguments: '' }
      this.tools.set(index, slot)
    }
    return slot
  }

  private toolHeader(frames: SseFrame[], index: number, id: string, name: string): void {
    const slot = this.slotFor(index)
    // A repeated header (reduceStreamPart allows them) adds nothing once the real one is out.
    if (slot.headerSent) return
    slot.id = id
    slot.name = name
    this.sendHeader(frames, slot)
  }

  private toolArguments(frames: SseFrame[], index: number, argumentsDelta: string): void {
    const slot = this.slotFor(index)
    if (argumentsDelta.length === 0) return
    if (slot.headerSent) this.sendArguments(frames, slot, argumentsDelta)
    else slot.pendingArguments += argumentsDelta
  }

  private sendHeader(frames: SseFrame[], slot: ToolSlot): void {
    slot.headerSent = true
    const id = slot.id.length > 0 ? slot.id : `call_${slot.wireIndex}`
    this.pushDelta(frames, {
      tool_calls: [
        { index: slot.wireIndex, id, type: 'function', function: { name: slot.name, arguments: '' } },
      ],
    })
    if (slot.pendingArguments.length > 0) {
      this.sendArguments(frames, slot, slot.pendingArguments)
      slot.pendingArguments = ''
    }
  }

  private sendArguments(frames: SseFrame[], slot: ToolSlot, argumentsDelta: string): void {
    this.pushDelta(frames, {
      tool_calls: [{ index: slot.wireIndex, function: { arguments: argumentsDelta } }],
    })
  }

  private sendFinish(frames: SseFrame[], finish: FinishReason | undefined): void {
    this.sendRoleIfNeeded(frames)
    this.finishSent = true
    const reason =
      finish !== undefined ? openaiFinishReasonFor(finish) : this.tools.size > 0 ? 'tool_calls' : 'stop'
    frames.push(this.chunk({}, reason))
  }

  private terminalFrames(): SseFrame[] {
    const frames: SseFrame[] = []
    // Arguments whose header never came: still a call, so it gets a header with what is known.
    for (const slot of this.tools.values()) if (!slot.headerSent) this.sendHeader(frames, slot)
    if (!this.finishSent) this.sendFinish(frames, undefined)
    if (this.context.includeUsage && this.usage !== undefined) {
      const usageChunk = {
        id: this.context.id,
        object: 'chat.completion.chunk',
        created: this.context.created,
        model: this.context.model,
        choices: [],
        usage: openaiUsageFrom(this.usage),
      }
      frames.push({ data: JSON.stringify(usageChunk) })
    }
    frames.push({ data: '[DONE]' })
    return frames
  }
}

/** An in-band error: kept when already in OpenAI's terms (a same-dialect proxy), else translated. */
function openaiErrorFrame(error: DialectError): SseFrame {
  let type = error.type.length > 0 ? error.type : 'server_error'
  let code = error.code ?? null
  const alreadyOpenai = OPENAI_ERROR_TYPES.has(type) && openaiErrorKindFromWire(type, code) === error.kind
  if (error.kind !== undefined && !alreadyOpenai) {
    const shape = openaiErrorShapeFor(error.kind)
    type = shape.type
    code = shape.code
  }
  return {
    data: JSON.stringify({ error: { message: error.message, type, param: error.param ?? null, code } }),
  }
}

/** A comment: spec-compliant clients ignore it, and it keeps proxies from closing an idle stream. */
export function openaiKeepAlive(): SseFrame {
  return { comment: 'ping' }
}
