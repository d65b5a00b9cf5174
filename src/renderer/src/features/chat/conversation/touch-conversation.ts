import { nextUpdatedAt, type Conversation } from '@shared/history/conversation'

/** The conversation after a change made now: its `updatedAt` moves on (each state has its own). */
export function touch(conversation: Conversation): Conversation {
  return { ...conversation, updatedAt: nextUpdatedAt(conversation, Date.now()) }
}
