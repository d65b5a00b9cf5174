export type KeyedLock = {
  /** Runs `task` once every earlier task for the same key has settled; other keys run freely. */
  run<T>(key: string, task: () => Promise<T>): Promise<T>
}

/**
 * One-at-a-time per key. The directory store uses it per document so that quarantining a file it just
 * found corrupt can never move away a good version written concurrently by `write`.
 */
export function createKeyedLock(): KeyedLock {
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
