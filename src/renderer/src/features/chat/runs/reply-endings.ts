import type { StoreAccess } from '@renderer/store/slice'

/**
 * Someone may wait for a reply to end (a conversation about to be left): one promise per reply, from
 * the moment its `chat:start` is sent until its run's terminal update (or the start failing).
 */
export type ReplyEnding = { conversationId: string; ended: Promise<void>; end(): void }

/** A promise for one reply's end, with the function that ends it. */
export function replyEnding(conversationId: string): ReplyEnding {
  let end: () => void = () => undefined
  const ended = new Promise<void>((resolve) => (end = resolve))
  return { conversationId, ended, end }
}

/** Tells whoever waits for these replies that they ended, and forgets them. */
export function endReplies({ set, get }: StoreAccess, messageIds: readonly string[]): void {
  const endings = get().replyEndings
  const ending = messageIds.filter((id) => endings[id] !== undefined)
  if (ending.length === 0) return
  for (const id of ending) endings[id]?.end()
  set((s) => {
    const replyEndings = { ...s.replyEndings }
    for (const id of ending) delete replyEndings[id]
    return { replyEndings }
  })
}

/** Waits for `promise`, at most `ms` (the timer is cleared as soon as the promise settles). */
export async function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))
  try {
    await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}
