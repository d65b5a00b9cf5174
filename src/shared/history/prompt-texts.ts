import type { Conversation, Pane } from './conversation'

/**
 * Every text a send from this conversation carries to a model: the system prompts (shared and each
 * pane's own) and the texts of every message (text parts, tool-call names and arguments, tool results),
 * panes set aside included. What a token counter can count ahead of the first send.
 */
export function promptTextsOf(conversation: Conversation): string[] {
  const texts: string[] = [conversation.system]
  const panes: Pane[] = [...conversation.panes]
  if (conversation.setAside?.dialects) panes.push(conversation.setAside.dialects)
  if (conversation.setAside?.models) panes.push(conversation.setAside.models)
  for (const pane of panes) {
    if (pane.settings) texts.push(pane.settings.system)
    texts.push(...messageTextsOf(pane))
  }
  return texts.filter((text) => text !== '')
}

/** The texts of a pane's messages: text parts, tool-call names and arguments, tool results. */
export function messageTextsOf(pane: Pane): string[] {
  const texts: string[] = []
  for (const message of pane.messages) {
    if (message.role === 'tool') {
      texts.push(message.content)
      continue
    }
    for (const part of message.content) {
      if (part.type === 'text') texts.push(part.text)
      else if (part.type === 'tool-call') texts.push(part.name, part.arguments)
    }
  }
  return texts
}
