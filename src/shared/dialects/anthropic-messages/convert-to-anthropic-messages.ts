import type { AssistantMessage, ChatMessage, ImagePart, TextPart, ToolMessage } from '../../chat/chat-request'
import type { ParamAdjustment } from '../dialect'
import { withCacheControl } from './anthropic-cache-control'
import { ANTHROPIC_IMAGE_MEDIA_TYPES, isAnthropicImageMediaType } from './anthropic-constants'
import { toAnthropicToolId, toolInputFromArguments } from './anthropic-tool-input'
import type {
  AnthropicAssistantBlock,
  AnthropicImageBlock,
  AnthropicToolResultBlock,
  AnthropicUserBlock,
  AnthropicWireMessage,
} from './anthropic-request-types'

/**
 * Canonical messages → Messages `messages`, recording every lossy step in `adjustments`.
 *
 * Dialect quirks handled here:
 * - tool results are not messages of their own: consecutive `tool` messages, and a user message that
 *   directly follows them, become ONE user message whose content starts with the `tool_result`
 *   blocks (B5; the API answers 400 when results are not at the start);
 * - `tool_use.input` must be a JSON object, while canonical arguments are raw text;
 * - empty text blocks are rejected by the API ("text content blocks must be non-empty"): dropped;
 * - images: only jpeg/png/gif/webp, as bare base64 or an http(s) URL;
 * - thinking goes back as `thinking` blocks with their signature untouched (B1.3); thinking without
 *   a signature (Chat Completions' `reasoning_content`) cannot be sent, and is dropped;
 * - cache breakpoints become `cache_control` on their blocks.
 */
export function toAnthropicMessages(
  messages: ChatMessage[],
  adjustments: ParamAdjustment[],
): AnthropicWireMessage[] {
  return new AnthropicMessagesConverter(adjustments).convert(messages)
}

/** One conversion: the ids it rewrote and the empty text blocks it dropped, reported as adjustments. */
class AnthropicMessagesConverter {
  private emptyTextBlocks = 0
  private unsignedReasoning = 0
  private readonly fallbackIds = new Map<string, string>()

  constructor(private readonly adjustments: ParamAdjustment[]) {}

  convert(messages: ChatMessage[]): AnthropicWireMessage[] {
    const out: AnthropicWireMessage[] = []
    let i = 0
    while (i < messages.length) {
      const message = messages[i] as ChatMessage
      if (message.role === 'tool') {
        i = this.toolResultsTurn(messages, i, out)
        continue
      }
      if (message.role === 'user') {
        const blocks = this.userBlocks(message, i)
        if (blocks.length === 0) this.dropEmpty(i)
        else out.push({ role: 'user', content: shorthand(blocks) })
      } else {
        const blocks = this.assistantBlocks(message)
        if (blocks.length === 0) this.dropEmpty(i)
        else out.push({ role: 'assistant', content: shorthand(blocks) })
      }
      i++
    }
    if (this.unsignedReasoning > 0) {
      this.adjustments.push({
        param: 'messages',
        action: 'dropped',
        detail: `${this.unsignedReasoning} thinking part(s) without a signature dropped: Messages accepts only thinking blocks sent back with the signature they came with.`,
      })
    }
    if (this.emptyTextBlocks > 0) {
      this.adjustments.push({
        param: 'messages',
        action: 'dropped',
        detail: `${this.emptyTextBlocks} empty text block(s) dropped: Messages rejects empty text.`,
      })
    }
    return out
  }

  /**
   * Consecutive tool messages from `from`, and a user message right after them, as one user turn
   * (B5). Returns the index of the first message after the turn.
   */
  private toolResultsTurn(messages: ChatMessage[], from: number, out: AnthropicWireMessage[]): number {
    let i = from
    const blocks: AnthropicUserBlock[] = []
    while (i < messages.length && (messages[i] as ChatMessage).role === 'tool') {
      blocks.push(this.toolResultBlock(messages[i] as ToolMessage))
      i++
    }
    const next = messages[i]
    if (next?.role === 'user') {
      blocks.push(...this.userBlocks(next, i))
      i++
    }
    out.push({ role: 'user', content: blocks })
    return i
  }

  // Both the tool_use and its tool_result must get the same id, however it had to be rewritten.
  private toolId(id: string): string {
    const existing = this.fallbackIds.get(id)
    if (existing !== undefined) return existing
    const safe = toAnthropicToolId(id, `toolu_${this.fallbackIds.size}`)
    if (safe !== id) {
      this.adjustments.push({
        param: 'messages',
        action: 'converted',
        detail: `tool call id ${JSON.stringify(id)} sent as ${JSON.stringify(safe)}: Messages accepts only letters, digits, _ and - in tool ids.`,
      })
    }
    this.fallbackIds.set(id, safe)
    return safe
  }

  private textBlock(part: TextPart): AnthropicUserBlock[] {
    if (part.text === '') {
      this.emptyTextBlocks++
      return []
    }
    return [{ type: 'text', text: part.text, ...withCacheControl(part.cache) }]
  }

  private imageBlock(part: ImagePart, messageIndex: number): AnthropicImageBlock[] {
    const source = part.source
    let mediaType: string
    let data: string
    if (source.kind === 'url') {
      // A data URL is not a URL Messages can fetch: carry it as the base64 source it really is.
      const dataUrl = /^data:([^;,]+);base64,(.*)$/s.exec(source.url)
      if (dataUrl === null)
        return [{ type: 'image', source: { type: 'url', url: source.url }, ...withCacheControl(part.cache) }]
      mediaType = dataUrl[1] ?? ''
      data = dataUrl[2] ?? ''
    } else {
      mediaType = source.mediaType
      // Messages wants bare base64; tolerate a `data:` prefix left on by the caller.
      data = source.data.replace(/^data:[^;,]*;base64,/, '')
    }
    if (!isAnthropicImageMediaType(mediaType)) {
      this.adjustments.push({
        param: 'messages',
        action: 'dropped',
        detail: `image of type ${mediaType} dropped from message ${messageIndex}: Messages accepts only ${ANTHROPIC_IMAGE_MEDIA_TYPES.join(', ')}.`,
      })
      return []
    }
    return [
      {
        type: 'image',
        source: { type: 'base64', media_type: mediaType, data },
        ...withCacheControl(part.cache),
      },
    ]
  }

  private toolResultBlock(message: ToolMessage): AnthropicToolResultBlock {
    const block: AnthropicToolResultBlock = {
      type: 'tool_result',
      tool_use_id: this.toolId(message.toolCallId),
      content: message.content,
    }
    if (message.isError !== undefined) block.is_error = message.isError
    if (message.cache !== undefined) Object.assign(block, withCacheControl(message.cache))
    return block
  }

  private assistantBlocks(message: AssistantMessage): AnthropicAssistantBlock[] {
    const blocks: AnthropicAssistantBlock[] = []
    for (const part of message.content) {
      switch (part.type) {
        case 'text':
          blocks.push(...(this.textBlock(part) as AnthropicAssistantBlock[]))
          break
        case 'reasoning':
          if (part.signature === undefined) this.unsignedReasoning++
          else blocks.push({ type: 'thinking', thinking: part.text, signature: part.signature })
          break
        case 'redacted-reasoning':
          blocks.push({ type: 'redacted_thinking', data: part.data })
          break
        case 'tool-call': {
          const { input, valid } = toolInputFromArguments(part.arguments)
          if (!valid) {
            this.adjustments.push({
              param: 'messages',
              action: 'converted',
              detail: `arguments of tool call ${part.id} (${part.name}) are not a JSON object; sent as {"rawInvalidInput": …} because Messages requires an object.`,
            })
          }
          const id = this.toolId(part.id)
          blocks.push({ type: 'tool_use', id, name: part.name, input, ...withCacheControl(part.cache) })
          break
        }
        default: {
          const unreachable: never = part
          throw new Error(`unknown assistant content part ${JSON.stringify(unreachable)}`)
        }
      }
    }
    return blocks
  }

  private userBlocks(message: ChatMessage & { role: 'user' }, index: number): AnthropicUserBlock[] {
    const blocks: AnthropicUserBlock[] = []
    for (const part of message.content) {
      blocks.push(...(part.type === 'text' ? this.textBlock(part) : this.imageBlock(part, index)))
    }
    return blocks
  }

  private dropEmpty(index: number): void {
    this.adjustments.push({
      param: 'messages',
      action: 'dropped',
      detail: `message ${index} dropped: nothing in it can be sent (Messages rejects empty content).`,
    })
  }
}

/**
 * One text block is sent as the string shorthand: what hand-written requests (and the spec) use. Not
 * one with a cache breakpoint: the shorthand has nowhere to put it.
 */
function shorthand<T extends { type: string }>(blocks: T[]): string | T[] {
  const only = blocks[0]
  if (
    blocks.length === 1 &&
    only?.type === 'text' &&
    !('cache_control' in only) &&
    'text' in only &&
    typeof only.text === 'string'
  ) {
    return only.text
  }
  return blocks
}
