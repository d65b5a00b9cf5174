import type { CacheBreakpoint } from '@shared/chat/chat-request'
import type { Pane, StoredMessage } from '@shared/history/conversation'

/**
 * Edits of one pane's transcript, as pure functions of the pane (the slice applies them through
 * `updatePane`). Messages other than the one edited keep their identity, so their rows do not render.
 */

export function replaceMessage(pane: Pane, messageId: string, message: StoredMessage): Pane {
  return { ...pane, messages: pane.messages.map((m) => (m.id === messageId ? message : m)) }
}

export function deleteMessage(pane: Pane, messageId: string): Pane {
  return { ...pane, messages: pane.messages.filter((m) => m.id !== messageId) }
}

export function insertMessageAfter(pane: Pane, afterId: string, message: StoredMessage): Pane {
  const index = pane.messages.findIndex((m) => m.id === afterId)
  const messages = [...pane.messages]
  messages.splice(index === -1 ? messages.length : index + 1, 0, message)
  return { ...pane, messages }
}

/** The transcript up to (not including) a message: regenerating drops that reply and what follows. */
export function truncateBefore(pane: Pane, messageId: string): Pane {
  const index = pane.messages.findIndex((m) => m.id === messageId)
  return index === -1 ? pane : { ...pane, messages: pane.messages.slice(0, index) }
}

/** The transcript up to and including a message: resending an edited turn drops what followed it. */
export function truncateAfter(pane: Pane, messageId: string): Pane {
  const index = pane.messages.findIndex((m) => m.id === messageId)
  return index === -1 ? pane : { ...pane, messages: pane.messages.slice(0, index + 1) }
}

export function appendMessages(pane: Pane, messages: StoredMessage[]): Pane {
  return { ...pane, messages: [...pane.messages, ...messages] }
}

/** The text of a message's text parts (what the inline editor edits). */
export function messageText(message: StoredMessage): string {
  if (message.role === 'tool') return message.content
  return message.content
    .map((part) => (part.type === 'text' ? part.text : ''))
    .filter((text) => text !== '')
    .join('\n\n')
}

/**
 * The message with its text replaced by `text`: images of a user turn and tool calls of a reply stay
 * where they were (the editor edits text only); the reply record stays (it describes the run).
 */
export function withText(message: StoredMessage, text: string): StoredMessage {
  switch (message.role) {
    case 'tool':
      return { ...message, content: text }
    case 'user': {
      const others = message.content.filter((part) => part.type !== 'text')
      return { ...message, content: text === '' ? others : [{ type: 'text', text }, ...others] }
    }
    case 'assistant': {
      const others = message.content.filter((part) => part.type !== 'text')
      return { ...message, content: text === '' ? others : [{ type: 'text', text }, ...others] }
    }
    default: {
      const unreachable: never = message
      throw new Error(`unknown message ${JSON.stringify(unreachable)}`)
    }
  }
}

/** The part a message's cache breakpoint sits on: its last (an assistant's last text or tool call). */
function breakpointIndex(message: StoredMessage): number {
  if (message.role === 'tool') return -1
  for (let i = message.content.length - 1; i >= 0; i--) {
    const type = message.content[i]?.type
    if (type === 'text' || type === 'image' || type === 'tool-call') return i
  }
  return -1
}

/** The Messages cache breakpoint after this message, if it has one. */
export function messageCache(message: StoredMessage): CacheBreakpoint | undefined {
  if (message.role === 'tool') return message.cache
  const part = message.content[breakpointIndex(message)]
  return part !== undefined && 'cache' in part ? part.cache : undefined
}

/** Whether a message can carry a breakpoint (an assistant turn of thinking alone cannot). */
export function canCacheMessage(message: StoredMessage): boolean {
  return message.role === 'tool' || breakpointIndex(message) !== -1
}

/** The message with a cache breakpoint after it (`undefined`: none); everything else is kept. */
export function withMessageCache(message: StoredMessage, cache: CacheBreakpoint | undefined): StoredMessage {
  const set = <T extends { cache?: CacheBreakpoint }>(item: T): T => {
    const { cache: _old, ...rest } = item
    return (cache === undefined ? rest : { ...rest, cache }) as T
  }
  if (message.role === 'tool') return set(message)
  const index = breakpointIndex(message)
  if (index === -1) return message
  if (message.role === 'user') {
    return { ...message, content: message.content.map((part, i) => (i === index ? set(part) : part)) }
  }
  return {
    ...message,
    content: message.content.map((part, i) =>
      i === index && (part.type === 'text' || part.type === 'tool-call') ? set(part) : part,
    ),
  }
}
