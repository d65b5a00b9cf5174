export type KeyedSerialQueue = {
  /** Runs `task` once every earlier task for the same key has settled; other keys run freely. */
  run<T>(key: string, task: () => Promise<T>): Promise<T>
}

export type SerialQueue = {
  /** Runs `task` after every task queued before it has settled; resolves or rejects with its outcome. */
  run<T>(task: () => Promise<T>): Promise<T>
}

/**
 * Promise queues: one task at a time per key, in the order they were queued. A failed task does not
 * stop its queue; its caller gets the failure. The JSON directory store keys it by document id.
 */
export function createKeyedSerialQueue(): KeyedSerialQueue {
  const tails = new Map<string, Promise<unknown>>()
  return {
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      const previous = tails.get(key) ?? Promise.resolve()
      const result = previous.then(() => task())
      const tail = result.catch(() => undefined)
      tails.set(key, tail)
      // Forget the key once idle so the map does not grow with every id ever touched.
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key)
      })
      return result
    },
  }
}

/**
 * One queue for everything: the keyed queue with a single key. keytar's libsecret calls are not safe
 * to interleave (concurrent writes to the same item race, and a read-back must see its own write), so
 * the keychain store runs every operation through one.
 */
export function createSerialQueue(): SerialQueue {
  const queue = createKeyedSerialQueue()
  return { run: (task) => queue.run('', task) }
}
