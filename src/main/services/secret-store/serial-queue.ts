export type SerialQueue = {
  /** Runs `task` after every task queued before it has settled; resolves or rejects with its outcome. */
  run<T>(task: () => Promise<T>): Promise<T>
}

/**
 * A promise queue: one task at a time, in the order they were queued. A failed task does not stop
 * the queue. keytar's libsecret calls are not safe to interleave (concurrent writes to the same item
 * race, and a read-back must see its own write), so the store runs every operation through one.
 */
export function createSerialQueue(): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve()
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      const result = tail.then(() => task())
      tail = result.catch(() => undefined)
      return result
    },
  }
}
