/**
 * "Tell me when `key` next changes": a send's runs may reach main before the save they name (they
 * are not made to wait for its round trip), and wait for the state instead of polling for it.
 */
export type KeyedChangeSignal = {
  /** `key` changed (or an attempt to change it ended): every waiter on it reads again. */
  notify(key: string): void
  /** Resolves at the next `notify(key)`, or after `ms`. `cancel` stops waiting (and its timer). */
  next(key: string, ms: number): { changed: Promise<void>; cancel(): void }
}

export function createKeyedChangeSignal(): KeyedChangeSignal {
  const waiting = new Map<string, Set<() => void>>()
  return {
    notify(key) {
      for (const wake of [...(waiting.get(key) ?? [])]) wake()
    },
    next(key, ms) {
      let wake = (): void => undefined
      const changed = new Promise<void>((resolve) => {
        const timer = setTimeout(() => wake(), ms)
        wake = () => {
          clearTimeout(timer)
          const waiters = waiting.get(key)
          waiters?.delete(wake)
          if (waiters?.size === 0) waiting.delete(key)
          resolve()
        }
        const waiters = waiting.get(key) ?? new Set()
        waiters.add(wake)
        waiting.set(key, waiters)
      })
      return { changed, cancel: () => wake() }
    },
  }
}

/**
 * `read()`, and again after each change of `key`, until `reached` holds or `waitMs` passed: the last
 * value read either way (the caller tells a state never reached from the one it wanted). The waiter
 * is in place before each read, so a change that lands while reading is not missed.
 */
export async function readOnceReached<T>(options: {
  signal: KeyedChangeSignal
  key: string
  read: () => Promise<T> | T
  reached: (value: T) => boolean
  waitMs: number
}): Promise<T> {
  const deadline = Date.now() + options.waitMs
  for (;;) {
    const left = Math.max(0, deadline - Date.now())
    const next = options.signal.next(options.key, left)
    let value: T
    try {
      value = await options.read()
    } catch (error) {
      next.cancel()
      throw error
    }
    if (options.reached(value) || left === 0) {
      next.cancel()
      return value
    }
    await next.changed
  }
}
