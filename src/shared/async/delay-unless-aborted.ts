/**
 * Resolves after `ms`, or as soon as `signal` aborts (at once when it already has): a wait that a
 * cancel or a client leaving cuts short. It never rejects, and leaves no timer or listener behind.
 */
export function delayUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const done = (): void => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
  })
}
