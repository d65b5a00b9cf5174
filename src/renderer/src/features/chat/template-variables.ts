import { findRequestVariables, findTemplateVariables } from '@shared/eval/template'
import type { Conversation } from '@shared/history/conversation'
import { toChatMessage, type ComposerDraft } from '@shared/history/pane-request'
import { paneSettings } from '@shared/history/pane-settings'

// Per conversation object (replaced on every change, never mutated): typing in the composer does
// not rescan a long transcript.
const transcriptVariables = new WeakMap<Conversation, string[]>()

/** The `{{variables}}` of the system prompts and transcripts of every pane, in order of first use. */
function variablesOfTranscript(conversation: Conversation): string[] {
  const cached = transcriptVariables.get(conversation)
  if (cached) return cached
  const names = new Set<string>()
  for (const pane of conversation.panes) {
    const request = {
      system: paneSettings(conversation, pane).system,
      messages: pane.messages.map(toChatMessage),
    }
    for (const name of findRequestVariables(request)) names.add(name)
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
