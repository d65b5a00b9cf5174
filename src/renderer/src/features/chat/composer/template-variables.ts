import { findRequestVariables, findTemplateVariables } from '@shared/templates/template'
import type { Conversation, StoredMessage } from '@shared/history/conversation'
import { toChatMessage, type ComposerDraft } from '@shared/history/pane-request'
import { paneSettings } from '@shared/history/pane-settings'

// Per conversation object (replaced on every change, never mutated): typing in the composer does
// not rescan a long transcript.
const transcriptVariables = new WeakMap<Conversation, string[]>()
// Per message object (also never mutated): a streaming reply replaces the conversation every frame,
// and only the messages that changed are scanned again, not the whole settled transcript.
const messageVariables = new WeakMap<StoredMessage, readonly string[]>()

function variablesOfMessage(message: StoredMessage): readonly string[] {
  let names = messageVariables.get(message)
  if (names === undefined) {
    names = findRequestVariables({ messages: [toChatMessage(message)] })
    messageVariables.set(message, names)
  }
  return names
}

/** The `{{variables}}` of the system prompts and transcripts of every pane, in order of first use. */
function variablesOfTranscript(conversation: Conversation): string[] {
  const cached = transcriptVariables.get(conversation)
  if (cached) return cached
  const names = new Set<string>()
  for (const pane of conversation.panes) {
    for (const name of findTemplateVariables(paneSettings(conversation, pane).system)) names.add(name)
    for (const message of pane.messages) for (const name of variablesOfMessage(message)) names.add(name)
  }
  const list = [...names]
  transcriptVariables.set(conversation, list)
  return list
}

/** Every variable the next send fills: the transcript's and the composer draft's (detected as typed). */
export function conversationVariables(conversation: Conversation, draft: ComposerDraft): string[] {
  const names = new Set(variablesOfTranscript(conversation))
  for (const text of [draft.text, ...(draft.pasted ?? [])]) {
    for (const name of findTemplateVariables(text)) names.add(name)
  }
  return [...names]
}

/** Variables without a value while filling is on (the send would fail); '' when none. */
export function missingTemplateValues(conversation: Conversation, draft: ComposerDraft): string {
  const values = conversation.variables
  if (values === undefined) return ''
  return conversationVariables(conversation, draft)
    .filter((name) => !Object.hasOwn(values, name))
    .map((name) => `{{${name}}}`)
    .join(', ')
}
