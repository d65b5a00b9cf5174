import type { Usage } from '../../chat/chat-result'
import type { EncodeContext } from '../dialect'
import type { SseFrame } from '../sse/sse-message'
import { anthropicToolUseId } from './anthropic-tool-use-id'
import { anthropicUsageFrom } from './convert-anthropic-usage'

export type TextBlockKind = 'text' | 'thinking'

/**
 * The Messages events of one reply as they are written: `message_start` once, then content blocks
 * strictly one after another (each opened by `content_block_start`, closed by `content_block_stop`).
 * Which block goes next is AnthropicBlockOrder's business; this only spells and numbers the events.
 * The encoder takes the frames written for each part.
 */
export class AnthropicStreamFrames {
  private out: SseFrame[] = []
  private started = false
  private nextBlockIndex = 0
  private openBlock: { kind: TextBlockKind | 'tool'; index: number } | undefined

  constructor(private readonly context: EncodeContext) {}

  emit(type: string, payload: Record<string, unknown>): void {
    this.out.push({ event: type, data: JSON.stringify({ type, ...payload }) })
  }

  /** `message_start`, the first time: with the usage known so far (an Anthropic upstream gives it up front). */
  start(usage: Usage | undefined): void {
    if (this.started) return
    this.started = true
    this.emit('message_start', {
      message: {
        id: this.context.id,
        type: 'message',
        role: 'assistant',
        model: this.context.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        // The four counters only: thinking tokens are a final figure, given once in message_delta.
        usage: startUsage(usage),
      },
    })
  }

  closeBlock(): void {
    if (this.openBlock === undefined) return
    this.emit('content_block_stop', { index: this.openBlock.index })
    this.openBlock = undefined
  }

  /** Text or thinking: into the open block of that kind, or a new one. */
  writeText(kind: TextBlockKind, text: string): void {
    if (this.openBlock?.kind !== kind) {
      this.closeBlock()
      this.openBlock = { kind, index: this.nextBlockIndex++ }
      const contentBlock =
        kind === 'text' ? { type: 'text', text: '' } : { type: 'thinking', thinking: '', signature: '' }
      this.emit('content_block_start', { index: this.openBlock.index, content_block: contentBlock })
    }
    const delta = kind === 'text' ? { type: 'text_delta', text } : { type: 'thinking_delta', thinking: text }
    this.emit('content_block_delta', { index: this.openBlock.index, delta })
  }

  /**
   * The one `signature_delta` of a thinking block, then its stop (B3.5). With no thinking block open
   * (display "omitted": no text) the block is opened empty first.
   */
  writeSignature(signature: string): void {
    if (this.openBlock?.kind !== 'thinking') {
      this.closeBlock()
      this.openBlock = { kind: 'thinking', index: this.nextBlockIndex++ }
      this.emit('content_block_start', {
        index: this.openBlock.index,
        content_block: { type: 'thinking', thinking: '', signature: '' },
      })
    }
    this.emit('content_block_delta', {
      index: this.openBlock.index,
      delta: { type: 'signature_delta', signature },
    })
    this.closeBlock()
  }

  /** A `redacted_thinking` block: whole in its start event, then its stop. */
  writeRedacted(data: string): void {
    this.closeBlock()
    const index = this.nextBlockIndex++
    this.emit('content_block_start', { index, content_block: { type: 'redacted_thinking', data } })
    this.emit('content_block_stop', { index })
  }

  /** A fragment of the open tool block's input; nothing when no tool block is open. */
  writeArguments(argumentsText: string): void {
    if (this.openBlock?.kind !== 'tool' || argumentsText === '') return
    this.emit('content_block_delta', {
      index: this.openBlock.index,
      delta: { type: 'input_json_delta', partial_json: argumentsText },
    })
  }

  /** A `tool_use` block: `ordinal` is the call's place among the reply's calls (for a made-up id). */
  openToolBlock(id: string, ordinal: number, name: string): void {
    this.closeBlock()
    this.openBlock = { kind: 'tool', index: this.nextBlockIndex++ }
    this.emit('content_block_start', {
      index: this.openBlock.index,
      content_block: {
        type: 'tool_use',
        id: anthropicToolUseId(id, ordinal, this.context),
        name,
        input: {},
      },
    })
  }

  /** The frames written since the last take. */
  take(): SseFrame[] {
    const frames = this.out
    this.out = []
    return frames
  }
}

function startUsage(usage: Usage | undefined) {
  const { input_tokens, cache_creation_input_tokens, cache_read_input_tokens, output_tokens } =
    anthropicUsageFrom(usage)
  return { input_tokens, cache_creation_input_tokens, cache_read_input_tokens, output_tokens }
}
