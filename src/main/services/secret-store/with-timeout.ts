/** A keychain call that did not settle in time (typically a locked keyring waiting on a prompt). */
export class KeychainTimeoutError extends Error {
  override readonly name = 'KeychainTimeoutError'
  constructor(
    readonly operation: string,
    readonly timeoutMs: number,
  ) {
    super(`The keychain did not answer ${operation} within ${timeoutMs} ms.`)
  }
}

/**
 * Runs `task` and rejects with `KeychainTimeoutError` if it has not settled after `timeoutMs`. A
 * synchronous throw from `task` becomes a rejection (keytar throws synchronously on empty arguments).
 * The task itself cannot be cancelled: a native call stuck on a locked keyring keeps running; the
 * caller just stops waiting for it.
 */
export function withTimeout<T>(task: () => Promise<T>, timeoutMs: number, operation: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new KeychainTimeoutError(operation, timeoutMs)), timeoutMs)
    Promise.resolve()
      .then(task)
      .then(
        (value) => {
          clearTimeout(timer)
          resolve(value)
        },
        (error: unknown) => {
          clearTimeout(timer)
          reject(error)
        },
      )
  })
}
