import { z } from 'zod'
import {
  conversationSchema,
  MAX_PANES,
  paneSchema,
  storedMessageSchema,
  type Conversation,
} from './conversation'

/**
 * An incremental save: what changed in a conversation since its last save, when all that changed is
 * the last messages of its panes (new ones, or the last few replaced) and the settings around them.
 * Sending into a long chat then costs the new turns, not the whole transcript (a 1M-token conversation
 * is 4+ MB of JSON per save). Replacing covers a reply saved while it streamed (one pane's reply ends
 * while the other's is still going) and then saved finished, a regenerated or edited last turn.
 * Anything else (an edit further back, a compare-mode switch) is a full save.
 */

/** Most messages one append may carry for one pane (a send adds one, its reply one more). */
const MAX_APPENDED_MESSAGES = 256

/** A pane without its transcript: target and own settings, which a save may change. */
const paneHeadSchema = paneSchema.omit({ messages: true })

export const conversationAppendSchema = z.strictObject({
  /** Everything of the conversation but the panes' transcripts and the panes set aside. */
  head: conversationSchema.omit({ panes: true, setAside: true }).extend({
    panes: z.array(paneHeadSchema).min(1).max(MAX_PANES),
  }),
  /**
   * Per pane, in order: how many messages the saved pane holds (`had`; `from` when absent), how many
   * of them stay (`from`), and the messages that follow those.
   */
  panes: z
    .array(
      z
        .strictObject({
          from: z.number().int().nonnegative(),
          had: z.number().int().nonnegative().optional(),
          messages: z.array(storedMessageSchema).max(MAX_APPENDED_MESSAGES),
        })
        .refine((pane) => pane.had === undefined || pane.had >= pane.from, 'had is less than from'),
    )
    .min(1)
    .max(MAX_PANES),
})
export type ConversationAppend = z.infer<typeof conversationAppendSchema>

/**
 * The append that turns `saved` into `current`, or null when more than the last messages of the same
 * panes changed. The store is immutable, so an unchanged message is the same object: comparing
 * references finds what changed without comparing texts.
 */
export function appendSince(saved: Conversation, current: Conversation): ConversationAppend | null {
  if (saved.id !== current.id || saved.setAside !== current.setAside) return null
  if (saved.panes.length !== current.panes.length) return null
  const panes: ConversationAppend['panes'] = []
  for (const [index, pane] of current.panes.entries()) {
    const before = saved.panes[index]
    if (before === undefined || before.id !== pane.id) return null
    const had = before.messages.length
    let from = 0
    while (from < had && from < pane.messages.length && pane.messages[from] === before.messages[from]) from++
    if (pane.messages.length - from > MAX_APPENDED_MESSAGES) return null
    panes.push(
      from === had
        ? { from, messages: pane.messages.slice(from) }
        : { from, had, messages: pane.messages.slice(from) },
    )
  }
  return { head: headOf(current), panes }
}

function headOf(conversation: Conversation): ConversationAppend['head'] {
  const { panes, setAside: _setAside, ...rest } = conversation
  return { ...rest, panes: panes.map(({ messages: _messages, ...pane }) => pane) }
}

/**
 * `conversation` with `append` applied, or null when the append was not made from it (another
 * conversation, other panes, or a pane whose length is not the one the append was made from).
 */
export function applyAppend(conversation: Conversation, append: ConversationAppend): Conversation | null {
  const { head } = append
  if (head.id !== conversation.id || head.panes.length !== conversation.panes.length) return null
  if (append.panes.length !== conversation.panes.length) return null
  const panes: Conversation['panes'] = []
  for (const [index, paneHead] of head.panes.entries()) {
    const pane = conversation.panes[index]
    const added = append.panes[index]
    if (pane === undefined || added === undefined || pane.id !== paneHead.id) return null
    if (pane.messages.length !== (added.had ?? added.from)) return null
    panes.push({ ...paneHead, messages: [...pane.messages.slice(0, added.from), ...added.messages] })
  }
  const { setAside } = conversation
  return { ...head, panes, ...(setAside === undefined ? {} : { setAside }) }
}
