import type { CacheBreakpoint, ChatMessage, ChatRequest } from '../chat/chat-request'

/**
 * How a prompt is priced in tokens, by the local gateway (its context-length check, the usage it
 * reports, its prompt cache; src/gateway/engines/simulator/README.md) and by the app's context meter,
 * which shows before a send the count the gateway will report. Real providers add a few framing
 * tokens per message and bill images by size; fixed figures keep the estimate predictable:
 * - every message (and the system prompt) costs its text plus TOKENS_PER_MESSAGE for the role framing;
 * - every image costs TOKENS_PER_IMAGE, whatever its size (OpenAI's price of a low-detail image);
 * - every tool costs its name, description and parameter schema (as JSON) plus TOKENS_PER_TOOL;
 * - a json_schema response format costs its name, description and schema;
 * - thinking counts only in the current tool loop (currentToolLoopStart);
 * - the reply is primed with REPLY_PRIMING_TOKENS.
 */
export const TOKENS_PER_MESSAGE = 4
export const TOKENS_PER_IMAGE = 85
export const TOKENS_PER_TOOL = 8
export const REPLY_PRIMING_TOKENS = 3

/**
 * One piece of the prompt in the order a model reads it (tools, response schema, system prompt, then
 * each message's framing and parts): its tokens, what makes it this piece (for the prompt cache's
 * prefix digests; `content` is called only when a digest is wanted), and the cache breakpoint it
 * carries.
 */
export type PromptSegment = {
  tokens: number
  content: () => string
  cache?: CacheBreakpoint
  /** The role framing that opens a message: the prompt so far is a whole number of messages. */
  opensMessage?: true
}

/**
 * Every segment of the prompt, counted with `countText`. Estimating the prompt sums their tokens;
 * the prompt cache walks the same segments, so a cached prefix is counted exactly as the prompt is.
 */
export function forEachPromptSegment(
  request: ChatRequest,
  countText: (text: string) => number,
  visit: (segment: PromptSegment) => void,
): void {
  for (const tool of request.tools ?? []) {
    const schema = JSON.stringify(tool.parameters)
    visit({
      tokens: TOKENS_PER_TOOL + countText(tool.name) + countText(tool.description ?? '') + countText(schema),
      content: () => `tool\u0000${tool.name}\u0000${tool.description ?? ''}\u0000${schema}`,
      ...(tool.cache === undefined ? {} : { cache: tool.cache }),
    })
  }
  const format = request.responseFormat
  if (format !== undefined && format.type === 'json_schema') {
    const schema = JSON.stringify(format.schema)
    visit({
      tokens: countText(format.name) + countText(format.description ?? '') + countText(schema),
      content: () => `format\u0000${format.name}\u0000${format.description ?? ''}\u0000${schema}`,
    })
  }
  if (request.system !== undefined && request.system !== '') {
    const system = request.system
    visit({
      tokens: TOKENS_PER_MESSAGE + countText(system),
      content: () => `system\u0000${system}`,
      ...(request.systemCache === undefined ? {} : { cache: request.systemCache }),
    })
  }
  const loopStart = currentToolLoopStart(request.messages)
  request.messages.forEach((message, index) => {
    visit({ tokens: TOKENS_PER_MESSAGE, content: () => `\u0001${message.role}`, opensMessage: true })
    visitMessageParts(message, index >= loopStart, countText, visit)
  })
}

function visitMessageParts(
  message: ChatMessage,
  inToolLoop: boolean,
  countText: (text: string) => number,
  visit: (segment: PromptSegment) => void,
): void {
  const cache = (breakpoint: CacheBreakpoint | undefined) =>
    breakpoint === undefined ? {} : { cache: breakpoint }
  switch (message.role) {
    case 'user':
      for (const part of message.content) {
        if (part.type === 'text') {
          visit({
            tokens: countText(part.text),
            content: () => `text\u0000${part.text}`,
            ...cache(part.cache),
          })
        } else {
          const source = part.source
          const identity = source.kind === 'url' ? source.url : `${source.mediaType};${source.data}`
          visit({ tokens: TOKENS_PER_IMAGE, content: () => `image\u0000${identity}`, ...cache(part.cache) })
        }
      }
      return
    case 'assistant':
      for (const part of message.content) {
        switch (part.type) {
          case 'text':
            visit({
              tokens: countText(part.text),
              content: () => `text\u0000${part.text}`,
              ...cache(part.cache),
            })
            break
          case 'tool-call':
            visit({
              tokens: countText(part.name) + countText(part.arguments),
              content: () => `call\u0000${part.id}\u0000${part.name}\u0000${part.arguments}`,
              ...cache(part.cache),
            })
            break
          // Thinking of earlier turns is not part of the prompt (the API drops it); the current tool
          // loop's is. A redacted block's only text is its data.
          case 'reasoning':
            if (inToolLoop)
              visit({ tokens: countText(part.text), content: () => `thinking\u0000${part.text}` })
            break
          case 'redacted-reasoning':
            if (inToolLoop)
              visit({ tokens: countText(part.data), content: () => `redacted\u0000${part.data}` })
            break
          default: {
            const unreachable: never = part
            throw new Error(`unknown assistant part ${JSON.stringify(unreachable)}`)
          }
        }
      }
      return
    case 'tool':
      visit({
        tokens: countText(message.content),
        content: () =>
          `result\u0000${message.toolCallId}\u0000${message.isError === true}\u0000${message.content}`,
        ...cache(message.cache),
      })
      return
    default: {
      const unreachable: never = message
      throw new Error(`unknown message ${JSON.stringify(unreachable)}`)
    }
  }
}

/**
 * Where the current tool loop starts: the first message after the last user message. Thinking in the
 * assistant turns from there on is part of the prompt (and must come back with a valid signature);
 * thinking of earlier turns is dropped by the API, as if it were not sent.
 */
export function currentToolLoopStart(messages: readonly ChatMessage[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]?.role === 'user') return i + 1
  return 0
}
