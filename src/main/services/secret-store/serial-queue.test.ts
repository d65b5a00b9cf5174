import { describe, expect, it } from 'vitest'
import { createSerialQueue } from './serial-queue'

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('createSerialQueue', () => {
  it('starts a task only after the previous one settled, in order', async () => {
    const queue = createSerialQueue()
    const events: string[] = []
    const task = (name: string, ms: number) => async () => {
      events.push(`start ${name}`)
      await tick(ms)
      events.push(`end ${name}`)
      return name
    }
    const results = await Promise.all([
      queue.run(task('a', 15)),
      queue.run(task('b', 1)),
      queue.run(task('c', 5)),
    ])
    expect(results).toEqual(['a', 'b', 'c'])
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c'])
  })

  it('passes a failure to its caller and keeps going', async () => {
    const queue = createSerialQueue()
    const failing = queue.run(async () => {
      throw new Error('boom')
    })
    const next = queue.run(async () => 'after')
    await expect(failing).rejects.toThrow('boom')
    await expect(next).resolves.toBe('after')
  })
})
