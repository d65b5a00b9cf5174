import type { ChatRequest, ImageSource } from '@shared/chat/chat-request'

type ToolResultFact = {
  toolName: string | undefined
  toolCallId: string
  content: string
  isError: boolean
}

/** What the reply talks about, read once from the conversation. */
export type ConversationFacts = {
  /** Text of the last user message (its text parts joined), '' when it has none. */
  lastUserText: string
  /** Images of the last user message. */
  lastUserImages: ImageSource[]
  /** Images anywhere in the conversation. */
  totalImages: number
  /**
   * Tool results of the current turn: the tool messages after the last assistant message. Messages
   * decoders turn Anthropic's `[tool_result…, text]` user turn into tool messages followed by a user
   * message, so a user message may come after them.
   */
  toolResults: ToolResultFact[]
}

export function readConversationFacts(request: ChatRequest): ConversationFacts {
  const messages = request.messages
  let lastUserText = ''
  let lastUserImages: ImageSource[] = []
  let totalImages = 0
  let lastAssistantIndex = -1
  const toolNames = new Map<string, string>()

  messages.forEach((message, index) => {
    if (message.role === 'user') {
      const texts: string[] = []
      const images: ImageSource[] = []
      for (const part of message.content) {
        if (part.type === 'text') texts.push(part.text)
        else images.push(part.source)
      }
      totalImages += images.length
      lastUserText = texts.join('\n')
      lastUserImages = images
    } else if (message.role === 'assistant') {
      lastAssistantIndex = index
      for (const part of message.content) if (part.type === 'tool-call') toolNames.set(part.id, part.name)
    }
  })

  const toolResults: ToolResultFact[] = []
  for (const message of messages.slice(lastAssistantIndex + 1)) {
    if (message.role !== 'tool') continue
    toolResults.push({
      toolName: toolNames.get(message.toolCallId),
      toolCallId: message.toolCallId,
      content: message.content,
      isError: message.isError === true,
    })
  }
  return { lastUserText, lastUserImages, totalImages, toolResults }
}

/** The media type of an image as far as the request tells (URLs: from the file extension). */
export function imageMediaType(source: ImageSource): string {
  if (source.kind === 'base64') return source.mediaType
  const dataUrl = /^data:([^;,]+)[;,]/i.exec(source.url)
  if (dataUrl?.[1] !== undefined) return dataUrl[1].toLowerCase()
  const extension = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(source.url)?.[1]?.toLowerCase()
  switch (extension) {
    case 'png':
      return 'image/png'
    case 'jpg':
    case 'jpeg':
      return 'image/jpeg'
    case 'gif':
      return 'image/gif'
    case 'webp':
      return 'image/webp'
    default:
      return 'an image URL of unknown type'
  }
}
