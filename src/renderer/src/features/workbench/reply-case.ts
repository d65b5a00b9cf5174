import type { GraderSpec } from '@shared/eval/grader-spec'
import type { TestCase } from '@shared/eval/test-set-schema'
import type { Conversation } from '@shared/history/conversation'
import { paneSettings } from '@shared/history/pane-settings'
import { messageText } from '@renderer/features/chat/conversation/transcript-edits'

/** Longest expectation drawn from a reply: a grader is edited as one line of the cases table. */
const EXPECTATION_CHARS = 200

/** A reply of the chat as a workbench case: the prompt it answered and the case that expects it. */
type ReplyCase = {
  /** The turn's system prompt and user message as written (`{{variables}}` unfilled). */
  prompt: { system: string; user: string }
  testCase: TestCase
}

/**
 * The expectation a reply gives: `equals` its whole text when that is one short line, else `contains`
 * its first line, cut at a word within the limit. One line either way, so the cases table edits it
 * (switch equals/contains, shorten it) as any other grader.
 */
export function expectationFromReply(reply: string): GraderSpec | undefined {
  const text = reply.trim()
  if (text === '') return undefined
  if (!text.includes('\n') && text.length <= EXPECTATION_CHARS) return { type: 'equals', value: text }
  const firstLine = (text.split('\n').find((line) => line.trim() !== '') ?? '').trim()
  if (firstLine.length <= EXPECTATION_CHARS) return { type: 'contains', value: firstLine }
  const cut = firstLine.slice(0, EXPECTATION_CHARS)
  const atWord = cut.lastIndexOf(' ')
  return { type: 'contains', value: (atWord > EXPECTATION_CHARS / 2 ? cut.slice(0, atWord) : cut).trim() }
}

/**
 * The case for reply `messageId` of pane `paneId`: the user turn before it (as written), the
 * conversation's variable values, and the reply as its expectation; an error in words when the
 * message is not a reply to a user turn or has no text.
 */
export function caseFromReply(
  conversation: Conversation,
  paneId: string,
  messageId: string,
  takenIds: ReadonlySet<string>,
): ReplyCase | { error: string } {
  const pane = conversation.panes.find((p) => p.id === paneId)
  const index = pane?.messages.findIndex((m) => m.id === messageId) ?? -1
  const reply = pane?.messages[index]
  if (pane === undefined || reply?.role !== 'assistant') return { error: 'That message is not a reply.' }
  const user = pane.messages.slice(0, index).findLast((m) => m.role === 'user')
  if (user === undefined) return { error: 'That reply answers no message of yours.' }
  const expectation = expectationFromReply(messageText(reply))
  if (expectation === undefined) return { error: 'That reply has no text to expect.' }
  let n = 1
  while (takenIds.has(`chat-${n}`)) n++
  return {
    prompt: { system: paneSettings(conversation, pane).system, user: messageText(user) },
    testCase: { id: `chat-${n}`, vars: { ...conversation.variables }, graders: [expectation] },
  }
}
