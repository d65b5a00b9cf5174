import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { delayUnlessAborted } from './delay-unless-aborted'

describe('delayUnlessAborted', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  const settled = async (promise: Promise<void>): Promise<boolean> => {
    let done = false
    void promise.then(() => (done = true))
    await vi.advanceTimersByTimeAsync(0)
    return done
  }

  it('waits the whole delay when nothing aborts, and leaves no timer behind', async () => {
    const wait = delayUnlessAborted(500, new AbortController().signal)
    await vi.advanceTimersByTimeAsync(499)
    expect(await settled(wait)).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await settled(wait)).toBe(true)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('ends at once when the signal aborts mid-wait, clearing its timer', async () => {
    const controller = new AbortController()
    const wait = delayUnlessAborted(60_000, controller.signal)
    await vi.advanceTimersByTimeAsync(10)
    controller.abort()
    expect(await settled(wait)).toBe(true)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('does not wait at all on a signal that already aborted', async () => {
    expect(await settled(delayUnlessAborted(60_000, AbortSignal.abort()))).toBe(true)
    expect(vi.getTimerCount()).toBe(0)
  })
})
