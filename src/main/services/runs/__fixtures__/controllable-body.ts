/**
 * A response body the test feeds by hand: `push` a chunk, `end` it, `fail` it (like a reset), or
 * leave it silent (an idle server). Cancelling it (the registry stops reading) ends a pending read,
 * which an async generator could not do while it is suspended.
 */
export function createControllableBody() {
  type Item =
    { kind: 'chunk'; chunk: string | Uint8Array } | { kind: 'end' } | { kind: 'fail'; error: unknown }
  const queue: Item[] = []
  let waiting: ((item: Item) => void) | undefined
  let cancelled = false

  function deliver(item: Item): void {
    if (waiting !== undefined) {
      const resolve = waiting
      waiting = undefined
      resolve(item)
    } else {
      queue.push(item)
    }
  }

  const iterable: AsyncIterable<string | Uint8Array> = {
    [Symbol.asyncIterator]() {
      return {
        async next() {
          const item = queue.shift() ?? (await new Promise<Item>((resolve) => (waiting = resolve)))
          if (item.kind === 'chunk') return { done: false, value: item.chunk }
          if (item.kind === 'fail') throw item.error
          return { done: true, value: undefined }
        },
        async return() {
          cancelled = true
          deliver({ kind: 'end' })
          return { done: true, value: undefined }
        },
      }
    },
  }

  return {
    iterable,
    push: (chunk: string | Uint8Array) => deliver({ kind: 'chunk', chunk }),
    end: () => deliver({ kind: 'end' }),
    fail: (error: unknown) => deliver({ kind: 'fail', error }),
    get cancelled() {
      return cancelled
    },
  }
}
