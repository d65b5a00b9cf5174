import type { ChatMessage, ChatRequest } from './chat-request'
import type { StoredMessage } from '../history/conversation'

/**
 * What stands in for an image sent to a text-only model: the turn keeps its place (a user message of
 * images only would otherwise be empty, which both dialects refuse), and the model is told an image
 * was there rather than meeting a silent gap.
 */
export const IMAGE_NOT_SENT_TEXT = '[image not sent: this model is text-only]'

/** How many images the messages carry (user turns are the only ones that can). */
export function countImages(messages: ReadonlyArray<ChatMessage | StoredMessage>): number {
  let count = 0
  for (const message of messages) {
    if (message.role !== 'user') continue
    for (const part of message.content) if (part.type === 'image') count++
  }
  return count
}

/** The request with every image replaced by IMAGE_NOT_SENT_TEXT; the transcript itself is untouched. */
export function withoutImages(request: ChatRequest): ChatRequest {
  return {
    ...request,
    messages: request.messages.map((message) =>
      message.role !== 'user'
        ? message
        : {
            ...message,
            content: message.content.map((part) =>
              part.type === 'image' ? { type: 'text' as const, text: IMAGE_NOT_SENT_TEXT } : part,
            ),
          },
    ),
  }
}
