import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { createKeyedChangeSignal, readOnceReached } from './keyed-change-signal'

describe('readOnceReached', () => {
  it('reads again at each change of its key, and answers the state it waited for', async () => {
    const signal = createKeyedChangeSignal()
    let state = 1
    const reads: number[] = []
    const reached = readOnceReached({
      signal,
      key: 'c',
      read: () => (reads.push(state), state),
      reached: (value) => value === 3,
      waitMs: 5_000,
    })
    state = 2
    signal.notify('other key')
    signal.notify('c')
    await new Promise((resolve) => setTimeout(resolve, 0))
    state = 3
    signal.notify('c')
    expect(await reached).toBe(3)
    expect(reads).toEqual([1, 2, 3])
  })

  it('does not miss a change that lands while it reads', async () => {
    // No clock runs: a missed change would leave it waiting for good (the test would time out).
    vi.useFakeTimers()
    onTestFinished(() => void vi.useRealTimers())
    const signal = createKeyedChangeSignal()
    let state = 'old'
    const value = await readOnceReached({
      signal,
      key: 'c',
      // The change lands (and is told) before this read answers the old state.
      read: async () => {
        const seen = state
        state = 'new'
        signal.notify('c')
        return seen
      },
      reached: (value) => value === 'new',
      waitMs: 5_000,
    })
    expect(value).toBe('new')
  })

  it('gives up after its wait, with what it read last', async () => {
    const signal = createKeyedChangeSignal()
    expect(
      await readOnceReached({ signal, key: 'c', read: () => 'held', reached: () => false, waitMs: 20 }),
    ).toBe('held')
  })
})
