import { createKeyedChangeSignal, readOnceReached } from '@shared/async/keyed-change-signal'
import type { Conversation } from '@shared/history/conversation'

/**
 * How long a send waits for the state it names (currentAt): its save is on its way beside it. A
 * save that fails, or never comes, ends in the send going out whole after this.
 */
const STATE_WAIT_MS = 3_000

export type CurrentStateWaiter = {
  /**
   * Runs `write`, the write of a state an append has applied: meanwhile that state is what a send
   * naming it is built from. The request is the same whether its journal line is on disk yet or not,
   * and a failed append is followed by a full save of the same state, so a send need not wait for the
   * sync (performance.md S1).
   */
  whileWriting(id: string, state: Conversation, write: () => Promise<void>): Promise<void>
  /** Runs a save (`full`) or an append of `id`, then wakes every waiter on it, done or failed. */
  storing(id: string, kind: 'full' | 'append', store: () => Promise<void>): Promise<void>
  /**
   * What is stored of `id`, once it is the state saved at `updatedAt`: a send names the state its own
   * save leaves, and does not wait for that save's round trip before starting; the two may arrive in
   * either order, and saves queued before it may land first (a later state among them). Waits up to
   * STATE_WAIT_MS for that very state, then answers what it holds (the caller refuses another state as
   * stale), null when it holds none (a new conversation's first save did not land).
   */
  currentAt(id: string, updatedAt: number): Promise<Conversation | null>
}

/** The "current state" of each conversation, as a send from it waits for it. */
export function createCurrentStateWaiter(options: {
  /**
   * What is stored of `id` now, from memory when it is there, without queueing behind a write under
   * way (its end wakes the waiters too); null when the conversation is not stored.
   */
  read: (id: string) => Conversation | null | Promise<Conversation | null>
  /** See STATE_WAIT_MS. */
  waitMs?: number
}): CurrentStateWaiter {
  /** The state each append under way has applied and is still writing, by conversation. */
  const writing = new Map<string, Conversation>()
  /** Told after each save or append of a conversation, done or failed: what currentAt waits for. */
  const changes = createKeyedChangeSignal()
  /**
   * Conversations whose last full save failed, with nothing saved since. A failed append is followed
   * by a full save, so only this tells a send that the state it names is not coming (disk full).
   */
  const failedSaves = new Set<string>()

  return {
    async whileWriting(id, state, write) {
      writing.set(id, state)
      changes.notify(id)
      try {
        await write()
      } finally {
        writing.delete(id)
      }
    },
    async storing(id, kind, store) {
      try {
        await store()
        failedSaves.delete(id)
      } catch (error) {
        if (kind === 'full') failedSaves.add(id)
        throw error
      } finally {
        changes.notify(id)
      }
    },
    currentAt(id, updatedAt) {
      return readOnceReached({
        signal: changes,
        key: id,
        read: () => writing.get(id) ?? options.read(id),
        // A failed full save: the state is not coming, and the send goes whole at once.
        reached: (conversation) => conversation?.updatedAt === updatedAt || failedSaves.has(id),
        waitMs: options.waitMs ?? STATE_WAIT_MS,
      })
    },
  }
}
