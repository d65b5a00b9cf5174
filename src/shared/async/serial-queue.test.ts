import { describe, expect, it } from 'vitest'
import { createKeyedSerialQueue, createSerialQueue } from './serial-queue'

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

describe('createKeyedSerialQueue', () => {
  it('keeps each key in order while another key runs freely', async () => {
    const queue = createKeyedSerialQueue()
    const events: string[] = []
    let releaseA: () => void = () => undefined
    const a1 = queue.run('a', async () => {
      events.push('start a1')
      await new Promise<void>((resolve) => (releaseA = resolve))
      events.push('end a1')
    })
    const a2 = queue.run('a', async () => {
      events.push('start a2')
    })
    // Key b does not wait for a1, which waits until b has run.
    await queue.run('b', async () => {
      events.push('b')
    })
    expect(events).toEqual(['start a1', 'b'])
    releaseA()
    await Promise.all([a1, a2])
    expect(events).toEqual(['start a1', 'b', 'end a1', 'start a2'])
  })

  it('passes a failure to its caller and keeps that key going', async () => {
    const queue = createKeyedSerialQueue()
    const failing = queue.run('k', async () => {
      throw new Error('boom')
    })
    const next = queue.run('k', async () => 'after')
    await expect(failing).rejects.toThrow('boom')
    await expect(next).resolves.toBe('after')
  })
})
