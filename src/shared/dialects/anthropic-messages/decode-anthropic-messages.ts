import type {
  AssistantMessage,
  CacheBreakpoint,
  ChatMessage,
  ImagePart,
  TextPart,
  ToolCallPart,
  UserMessage,
} from '../../chat/chat-request'
import { invalidParamError } from '../../chat/errors'
import { cacheBreakpointFrom } from './anthropic-cache-control'
import type { AnthropicRequestBlock, AnthropicRequestMessage } from './anthropic-request-schema'
import { argumentsFromToolInput } from './anthropic-tool-input'

/** Text of several blocks that must become one canonical string (system prompt, tool result). */
export const BLOCK_TEXT_SEPARATOR = '\n\n'

type Block<T extends AnthropicRequestBlock['type']> = Extract<AnthropicRequestBlock, { type: T }>

/**
 * Validated wire messages → canonical messages + the text of `system`-role entries (hoisted by the
 * caller into the canonical system prompt; their position in the conversation cannot be kept) and
 * the breakpoint among them, if any.
 *
 * Semantic rules the schema cannot express (the API enforces the same, with similar messages):
 * - blocks per role: tool_use / thinking only from the assistant, tool_result / image only from the
 *   user, only text in system entries; `document` is not supported here;
 * - non-empty content, except the optional final assistant message (a prefill);
 * - every tool_use is answered by a tool_result at the START of the next message, and every
 *   tool_result answers a tool_use of the previous message (B5).
 *
 * `thinking` and `redacted_thinking` blocks become reasoning parts, signature and data untouched (a
 * server checks them when they come back); `cache_control` becomes each part's breakpoint (a
 * tool_result's, or one of its text blocks', the tool message's).
 */
export function decodeAnthropicMessages(messages: AnthropicRequestMessage[]): {
  messages: ChatMessage[]
  systemTexts: string[]
  systemCache?: CacheBreakpoint
} {
  checkBlocksPerRole(messages)
  checkToolPairing(messages)

  const out: ChatMessage[] = []
  const systemTexts: string[] = []
  let systemCache: CacheBreakpoint | undefined
  for (const message of messages) {
    if (message.role === 'system') {
      const blocks = message.content as Block<'text'>[]
      const text = blocks.map((b) => b.text).join(BLOCK_TEXT_SEPARATOR)
      if (text !== '') systemTexts.push(text)
      for (const block of blocks) systemCache = cacheBreakpointFrom(block.cache_control) ?? systemCache
    } else if (message.role === 'user') {
      out.push(...decodeUser(message.content))
    } else {
      const assistant = decodeAssistant(message.content)
      if (assistant.content.length > 0) out.push(assistant)
    }
  }
  return systemCache === undefined
    ? { messages: out, systemTexts }
    : { messages: out, systemTexts, systemCache }
}

function decodeUser(blocks: AnthropicRequestBlock[]): ChatMessage[] {
  const out: ChatMessage[] = []
  const content: UserMessage['content'] = []
  for (const block of blocks) {
    if (block.type === 'tool_result') {
      const texts = (block.content ?? []) as Block<'text'>[]
      let cache = cacheBreakpointFrom(block.cache_control)
      for (const text of texts) cache = cacheBreakpointFrom(text.cache_control) ?? cache
      out.push({
        role: 'tool',
        toolCallId: block.tool_use_id,
        content: texts.map((t) => t.text).join(BLOCK_TEXT_SEPARATOR),
        ...(block.is_error === undefined ? {} : { isError: block.is_error }),
        ...(cache === undefined ? {} : { cache }),
      })
    } else if (block.type === 'text') {
      content.push(withCache<TextPart>({ type: 'text', text: block.text }, block.cache_control))
    } else if (block.type === 'image') {
      const source = block.source
      const part: ImagePart =
        source.type === 'base64'
          ? { type: 'image', source: { kind: 'base64', mediaType: source.media_type, data: source.data } }
          : { type: 'image', source: { kind: 'url', url: source.url } }
      content.push(withCache(part, block.cache_control))
    }
  }
  if (content.length > 0) out.push({ role: 'user', content })
  return out
}

function decodeAssistant(blocks: AnthropicRequestBlock[]): AssistantMessage {
  const content: AssistantMessage['content'] = []
  for (const block of blocks) {
    if (block.type === 'text') {
      content.push(withCache<TextPart>({ type: 'text', text: block.text }, block.cache_control))
    } else if (block.type === 'tool_use') {
      const call: ToolCallPart = {
        type: 'tool-call',
        id: block.id,
        name: block.name,
        arguments: argumentsFromToolInput(block.input),
      }
      content.push(withCache(call, block.cache_control))
    } else if (block.type === 'thinking') {
      content.push({ type: 'reasoning', text: block.thinking, signature: block.signature })
    } else if (block.type === 'redacted_thinking') {
      content.push({ type: 'redacted-reasoning', data: block.data })
    }
  }
  return { role: 'assistant', content }
}

/** The part with its breakpoint, when the block had `cache_control`. */
function withCache<T extends { cache?: CacheBreakpoint }>(
  part: T,
  control: Parameters<typeof cacheBreakpointFrom>[0],
): T {
  const cache = cacheBreakpointFrom(control)
  if (cache !== undefined) part.cache = cache
  return part
}

const ALLOWED_BLOCKS: Record<AnthropicRequestMessage['role'], ReadonlySet<AnthropicRequestBlock['type']>> = {
  user: new Set(['text', 'image', 'tool_result']),
  assistant: new Set(['text', 'tool_use', 'thinking', 'redacted_thinking']),
  system: new Set(['text']),
}

function checkBlocksPerRole(messages: AnthropicRequestMessage[]): void {
  const last = messages.length - 1
  messages.forEach((message, m) => {
    if (message.content.length === 0 && !(m === last && message.role === 'assistant')) {
      throw invalidParamError(
        `messages.${m}.content`,
        'all messages must have non-empty content except for the optional final assistant message.',
      )
    }
    message.content.forEach((block, b) => {
      const param = `messages.${m}.content.${b}`
      if (block.type === 'document') {
        throw invalidParamError(`${param}.type`, 'document blocks are not supported by this gateway.')
      }
      if (!ALLOWED_BLOCKS[message.role].has(block.type)) {
        throw invalidParamError(
          `${param}.type`,
          `${block.type} blocks are not allowed in ${message.role} messages.`,
        )
      }
      if (block.type === 'tool_result') {
        ;(block.content ?? []).forEach((inner, i) => {
          if (inner.type !== 'text') {
            throw invalidParamError(
              `${param}.content.${i}.type`,
              `only text is supported inside tool_result here, not ${inner.type}.`,
            )
          }
        })
      }
    })
  })
}

function checkToolPairing(messages: AnthropicRequestMessage[]): void {
  // System entries sit between turns without breaking the tool_use → tool_result adjacency.
  const turns = messages
    .map((message, index) => ({ message, index }))
    .filter((t) => t.message.role !== 'system')
  const seenToolUseIds = new Set<string>()
  turns.forEach(({ message, index }, t) => {
    const previous = turns[t - 1]
    // Sets, not arrays: 50,000 tool_use blocks answered by 50,000 tool_results must not cost 50,000².
    const expected = new Set(
      previous?.message.role === 'assistant'
        ? previous.message.content
            .filter((b): b is Block<'tool_use'> => b.type === 'tool_use')
            .map((b) => b.id)
        : [],
    )

    if (message.role === 'assistant') {
      message.content.forEach((block, b) => {
        if (block.type !== 'tool_use') return
        if (seenToolUseIds.has(block.id)) {
          throw invalidParamError(
            `messages.${index}.content.${b}.id`,
            `tool_use ids must be unique; ${block.id} is repeated.`,
          )
        }
        seenToolUseIds.add(block.id)
      })
    }

    const leadingResults = new Set<string>()
    let leading = true
    message.content.forEach((block, b) => {
      if (block.type !== 'tool_result') {
        leading = false
        return
      }
      const param = `messages.${index}.content.${b}`
      if (!leading) {
        throw invalidParamError(
          param,
          'tool_result blocks must come before any other content in a user message.',
        )
      }
      if (!expected.has(block.tool_use_id)) {
        throw invalidParamError(
          `${param}.tool_use_id`,
          `unexpected tool_use_id found in tool_result blocks: ${block.tool_use_id}. Each tool_result block must have a corresponding tool_use block in the previous message.`,
        )
      }
      if (leadingResults.has(block.tool_use_id)) {
        throw invalidParamError(`${param}.tool_use_id`, `more than one tool_result for ${block.tool_use_id}.`)
      }
      leadingResults.add(block.tool_use_id)
    })

    const missing = [...expected].filter((id) => !leadingResults.has(id))
    if (missing.length > 0 && previous !== undefined) {
      throw invalidParamError(
        `messages.${previous.index}`,
        `tool_use ids were found without tool_result blocks immediately after: ${missing.join(', ')}. Each tool_use block must have a corresponding tool_result block at the start of the next message.`,
      )
    }
  })
  // A tool_use in the very last turn has no next message to answer it.
  const lastTurn = turns[turns.length - 1]
  if (lastTurn?.message.role === 'assistant') {
    const unanswered = lastTurn.message.content.filter((b) => b.type === 'tool_use')
    if (unanswered.length > 0) {
      throw invalidParamError(
        `messages.${lastTurn.index}`,
        `tool_use ids were found without tool_result blocks immediately after: ${unanswered.map((b) => (b as Block<'tool_use'>).id).join(', ')}. Each tool_use block must have a corresponding tool_result block at the start of the next message.`,
      )
    }
  }
}
