import { describe, expect, it } from 'vitest'
import { MAX_RESTARTS, WINDOW_MS, restartDelay } from './restart-backoff'

describe('restartDelay', () => {
  it('waits longer after each crash in a row', () => {
    const crashes: number[] = []
    const delays: number[] = []
    for (let i = 0; i < MAX_RESTARTS; i++) {
      crashes.push(i * 10)
      delays.push(restartDelay(crashes, i * 10) as number)
    }
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThan(delays[i - 1] as number)
  })

  it('gives up after MAX_RESTARTS crashes within the window', () => {
    const crashes = Array.from({ length: MAX_RESTARTS + 1 }, (_, i) => i)
    expect(restartDelay(crashes, MAX_RESTARTS)).toBeNull()
  })

  it('forgets crashes older than the window', () => {
    const old = Array.from({ length: MAX_RESTARTS + 1 }, (_, i) => i)
    const now = WINDOW_MS + MAX_RESTARTS + 1
    expect(restartDelay([...old, now], now)).toBe(restartDelay([now], now))
  })
})
