import { describe, expect, it } from 'vitest'
import type { TestSet } from '../../../shared/eval/test-set-schema'
import type { ExecuteCell } from '../../../shared/eval/run/run-evaluation'
import type { EvalTarget } from '../../../shared/eval/run/eval-run-types'
import { createEvalService, type EvalUpdate } from './eval-service'

const set: TestSet = {
  format: 'model-gateway-test-set',
  version: 1,
  name: 's',
  prompt: { messages: [{ role: 'user', content: 'Say {{word}}' }] },
  graders: [{ type: 'contains', value: 'yes' }],
  cases: Array.from({ length: 30 }, (_, i) => ({ id: `c${i}`, vars: { word: i % 3 === 0 ? 'no' : 'yes' } })),
}
const targets: EvalTarget[] = [
  { id: 'a', connection: 'p', model: 'm', dialect: 'openai-chat' },
  { id: 'b', connection: 'p', model: 'm', dialect: 'anthropic-messages' },
]
const echo: ExecuteCell = async ({ request }) => {
  const part = request.messages[0]?.role === 'user' ? request.messages[0].content[0] : undefined
  return {
    state: 'completed',
    result: {
      status: 'completed',
      content: [{ type: 'text', text: part?.type === 'text' ? part.text : '' }],
    },
  }
}

/** A manual frame clock: frames pass only when the test says so. */
function manualFrames() {
  const queue: Array<() => void> = []
  return {
    scheduleFrame: (callback: () => void) => {
      queue.push(callback)
      return () => queue.splice(queue.indexOf(callback) >>> 0, 1)
    },
    tick: () => queue.splice(0).forEach((f) => f()),
  }
}

function collect() {
  const updates: EvalUpdate[] = []
  let resolveEnd: () => void = () => undefined
  const ended = new Promise<void>((resolve) => (resolveEnd = resolve))
  return {
    updates,
    ended,
    emit: (u: EvalUpdate) => {
      updates.push(u)
      if (u.end !== undefined) resolveEnd()
    },
  }
}

describe('createEvalService', () => {
  it('coalesces cells into one update per frame, in order, none lost, then the run', async () => {
    const frames = manualFrames()
    const sink = collect()
    const service = createEvalService({ execute: echo, emit: sink.emit, scheduleFrame: frames.scheduleFrame })
    service.start({ set, targets, concurrency: 8 })
    await sink.ended
    // No frame ever passed: everything arrived in the final update, not as 60 events.
    expect(sink.updates).toHaveLength(1)
    const [last] = sink.updates
    expect(last?.cells).toHaveLength(60)
    expect(last?.progress).toMatchObject({ done: 60, total: 60, passed: 40, failed: 20 })
    expect(last?.end !== undefined && 'run' in last.end && last.end.run.status).toBe('finished')
  })

  it('reports a set that does not fit the prompt as the end of the evaluation, not a throw', async () => {
    const sink = collect()
    const service = createEvalService({ execute: echo, emit: sink.emit })
    service.start({ set: { ...set, cases: [{ id: 'x', vars: {} }] }, targets })
    await sink.ended
    expect(sink.updates.at(-1)?.end).toEqual({ error: expect.stringContaining('has no value for {{word}}') })
  })

  it('stop ends the evaluation stopped, with seq counting every update and every cell delivered once', async () => {
    const updates: EvalUpdate[] = []
    let calls = 0
    let stop: () => void = () => undefined
    const ended = new Promise<void>((resolve) => {
      const service = createEvalService({
        execute: async (input) => {
          calls++
          await new Promise((r) => setTimeout(r, 1))
          return echo(input)
        },
        emit: (u) => {
          updates.push(u)
          // The first frame's update stops the run: deterministic, whatever the machine's speed.
          if (u.seq === 0 && u.end === undefined) stop()
          if (u.end !== undefined) resolve()
        },
        scheduleFrame: (f) => {
          const t = setTimeout(f, 0)
          return () => clearTimeout(t)
        },
      })
      const { evalId } = service.start({ set, targets, concurrency: 2 })
      stop = () => service.stop(evalId)
    })
    await ended
    const end = updates.at(-1)?.end
    expect(end !== undefined && 'run' in end && end.run.status).toBe('stopped')
    expect(calls).toBeLessThan(60)
    expect(updates.map((u) => u.seq)).toEqual(updates.map((_, i) => i))
    const cells = updates.flatMap((u) => u.cells)
    expect(end !== undefined && 'run' in end && end.run.cells).toEqual(cells)
  })
})
