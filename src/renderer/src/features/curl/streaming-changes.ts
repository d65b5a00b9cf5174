import type { Conversation, Pane } from '@shared/history/conversation'

/** The fields of the next send's inputs (use-next-requests.ts) that are compared here. */
type NextSendTarget = { conversation: Conversation; baseUrl: string | undefined; simulate: string }

function sameExceptMessages(a: Pane, b: Pane): boolean {
  if (a === b) return true
  const keys = Object.keys(a) as Array<keyof Pane>
  if (keys.length !== Object.keys(b).length) return false
  return keys.every((key) => key === 'messages' || Object.is(a[key], b[key]))
}

function sameExceptTranscripts(a: Conversation, b: Conversation): boolean {
  if (a === b) return true
  const keys = Object.keys(a) as Array<keyof Conversation>
  if (keys.length !== Object.keys(b).length) return false
  return keys.every((key) => {
    if (key === 'updatedAt') return true
    if (key !== 'panes') return Object.is(a[key], b[key])
    return (
      a.panes.length === b.panes.length &&
      a.panes.every((pane, i) => sameExceptMessages(pane, b.panes[i] as Pane))
    )
  })
}

/**
 * Whether `next` differs from `previous` in more than what changes while replies stream: the panes'
 * messages (each frame of a reply, the turn a send appends) and the composer draft (cleared by the
 * send, typed into while the replies stream). A parameter, the system prompt, a pane's model or
 * dialect, the profile or the fault injection do count: those change the next request's translation.
 */
export function changedBeyondTranscripts(previous: NextSendTarget, next: NextSendTarget): boolean {
  return (
    previous.baseUrl !== next.baseUrl ||
    previous.simulate !== next.simulate ||
    !sameExceptTranscripts(previous.conversation, next.conversation)
  )
}
