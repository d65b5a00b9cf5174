import type { Conversation } from '@shared/history/conversation'

export const UNTITLED = 'New conversation'
const MAX_TITLE_CHARS = 60

/** A title from the first user text: one line, whitespace collapsed, at most ~60 characters. */
export function titleFromFirstUserText(conversation: Conversation): string | undefined {
  for (const pane of conversation.panes) {
    for (const message of pane.messages) {
      if (message.role !== 'user') continue
      const text = message.content
        .map((part) => (part.type === 'text' ? part.text : ''))
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim()
      if (text === '') continue
      if (text.length <= MAX_TITLE_CHARS) return text
      const cut = text.slice(0, MAX_TITLE_CHARS)
      // End at a word when there is one in the last third, so titles do not end mid-word.
      const space = cut.lastIndexOf(' ')
      return (space > MAX_TITLE_CHARS * 0.66 ? cut.slice(0, space) : cut).trimEnd() + '…'
    }
  }
  return undefined
}
