import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createStreamAccumulator, reduceStreamPart } from '@shared/chat/reduce-stream-part'
import type { StreamPart } from '@shared/chat/stream-part'
import type { Conversation } from '@shared/history/conversation'
import type { RunUpdate } from '@shared/runs/run-types'
import { reduceRunUpdates, type RunUpdatesState } from './reduce-run-updates'
import { holdUpdates, MAX_UNCLAIMED_RUNS, takeHeldUpdates } from './run-streams'
import type { LiveRun } from './live-run'

function conversation(id = 'c1'): Conversation {
  return {
    version: 1,
    id,
    title: 'New conversation',
    createdAt: 1,
    updatedAt: 1,
    system: '',
    params: { stop: [], stream: true },
    panes: [
      {
        id: 'p1',
        dialect: 'openai-chat',
        model: 'm',
        messages: [
          { id: 'u1', role: 'user', content: [{ type: 'text', text: 'hi' }] },
          { id: 'a1', role: 'assistant', content: [] },
        ],
      },
      {
        id: 'p2',
        dialect: 'anthropic-messages',
        model: 'm',
        messages: [
          { id: 'u1', role: 'user', content: [{ type: 'text', text: 'hi' }] },
          { id: 'a2', role: 'assistant', content: [] },
        ],
      },
    ],
  }
}

function run(runId: string, paneId: string, messageId: string, conversationId = 'c1'): LiveRun {
  return {
    runId,
    conversationId,
    paneId,
    messageId,
    dialect: 'openai-chat',
    model: 'm',
    state: 'starting',
    sent: { request: { model: 'm', messages: [], stream: true }, baseUrl: undefined, simulate: '' },
    adjustments: [],
    rawEvents: [],
    rawEventsTruncated: false,
    lastSeq: -1,
    seqGap: false,
  }
}

function startState(): RunUpdatesState {
  return {
    runs: { r1: run('r1', 'p1', 'a1'), r2: run('r2', 'p2', 'a2') },
    activeRunIds: ['r1', 'r2'],
    runStreams: {},
    heldUpdates: {},
    conversation: conversation(),
  }
}

/** Applies each frame's outcome as the store action does, checking every input is left as it was. */
function applyFrames(frames: RunUpdate[][], state = startState()): RunUpdatesState {
  for (const frame of frames) {
    const before = structuredClone(state)
    const { changes } = reduceRunUpdates(state, frame, 1000)
    expect(state).toEqual(before)
    state = { ...state, ...changes }
  }
  return state
}

const textOf = (state: RunUpdatesState, paneIndex: number): string => {
  const message = state.conversation.panes[paneIndex]?.messages[1]
  return message?.role === 'assistant'
    ? message.content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('')
    : ''
}

const partArb: fc.Arbitrary<StreamPart> = fc.oneof(
  fc.string({ maxLength: 6 }).map((text) => ({ type: 'text-delta' as const, text })),
  fc.string({ maxLength: 6 }).map((text) => ({ type: 'reasoning-delta' as const, text })),
  fc.constantFrom(0, 1).map((index) => ({
    type: 'tool-call-start' as const,
    index,
    id: `call_${index}`,
    name: 'f',
  })),
  fc
    .tuple(fc.constantFrom(0, 1), fc.string({ maxLength: 4 }))
    .map(([index, argumentsDelta]) => ({ type: 'tool-call-delta' as const, index, argumentsDelta })),
)

/** Updates of two runs, each run's in seq order, interleaved, then cut into frames at `cuts`. */
const framesArb = fc
  .record({
    r1: fc.array(fc.array(partArb, { maxLength: 4 }), { maxLength: 12 }),
    r2: fc.array(fc.array(partArb, { maxLength: 4 }), { maxLength: 12 }),
    order: fc.array(fc.boolean(), { maxLength: 24 }),
    cuts: fc.array(fc.boolean(), { maxLength: 24 }),
  })
  .map(({ r1, r2, order, cuts }) => {
    const queues = { r1: [...r1], r2: [...r2] }
    const seqs = { r1: 0, r2: 0 }
    const updates: RunUpdate[] = []
    let turn = 0
    while (queues.r1.length > 0 || queues.r2.length > 0) {
      const pick = (order[turn++] ?? true) ? 'r1' : 'r2'
      const runId = queues[pick].length > 0 ? pick : pick === 'r1' ? 'r2' : 'r1'
      updates.push({ runId, seq: seqs[runId]++, parts: queues[runId].shift() ?? [] })
    }
    const frames: RunUpdate[][] = [[]]
    updates.forEach((update, index) => {
      frames.at(-1)!.push(update)
      if (cuts[index]) frames.push([])
    })
    return { updates, frames }
  })

describe('reduceRunUpdates', () => {
  it('changes none of its inputs, and however the updates fall into frames the replies are the parts reduced in order', () => {
    fc.assert(
      fc.property(framesArb, ({ updates, frames }) => {
        const framed = applyFrames(frames)
        const allAtOnce = applyFrames([updates])
        // updatedAt aside: each frame that changes a reply makes a later state (see nextUpdatedAt).
        expect({ ...framed.conversation, updatedAt: 0 }).toEqual({ ...allAtOnce.conversation, updatedAt: 0 })
        expect(framed.runs).toEqual(allAtOnce.runs)
        for (const [paneIndex, runId] of [
          [0, 'r1'],
          [1, 'r2'],
        ] as const) {
          const reference = createStreamAccumulator()
          for (const update of updates) {
            if (update.runId === runId)
              for (const part of update.parts ?? []) reduceStreamPart(reference, part)
          }
          const message = framed.conversation.panes[paneIndex]?.messages[1]
          expect(message?.role === 'assistant' ? message.content : undefined).toEqual(
            updates.some((update) => update.runId === runId && (update.parts?.length ?? 0) > 0)
              ? reference.result.content
              : [],
          )
        }
      }),
    )
  })

  it('leaves the messages of earlier frames as they were (a copy is reduced into, not the stored reply)', () => {
    const first = applyFrames([[{ runId: 'r1', seq: 0, parts: [{ type: 'text-delta', text: 'Hel' }] }]])
    const shown = first.conversation.panes[0]?.messages[1]
    applyFrames([[{ runId: 'r1', seq: 1, parts: [{ type: 'text-delta', text: 'lo' }] }]], first)
    expect(shown?.content).toEqual([{ type: 'text', text: 'Hel' }])
  })

  it('ends a run on its terminal update: record stored, stream dropped, no longer active, worth saving', () => {
    const state = applyFrames([[{ runId: 'r1', seq: 0, parts: [{ type: 'text-delta', text: 'Paris.' }] }]])
    const outcome = reduceRunUpdates(state, [{ runId: 'r1', seq: 1, terminal: { state: 'completed' } }], 42)
    const after = { ...state, ...outcome.changes }
    expect(outcome.endedMessageIds).toEqual(['a1'])
    expect(outcome.save).toBe(true)
    expect(after.activeRunIds).toEqual(['r2'])
    expect(after.runStreams.r1).toBeUndefined()
    expect(textOf(after, 0)).toBe('Paris.')
    expect(after.conversation.panes[0]?.messages[1]?.reply).toMatchObject({
      state: 'completed',
      createdAt: 42,
    })
    // Nothing more is heard from an ended run.
    const replay = reduceRunUpdates(
      after,
      [{ runId: 'r1', seq: 2, parts: [{ type: 'text-delta', text: '!' }] }],
      43,
    )
    expect({ ...after, ...replay.changes }.conversation).toBe(after.conversation)
  })

  it('ends a run of a conversation no longer open without writing into the open one or saving it', () => {
    const state = { ...startState(), runs: { r9: run('r9', 'p1', 'a1', 'c0') }, activeRunIds: ['r9'] }
    const outcome = reduceRunUpdates(state, [{ runId: 'r9', seq: 0, terminal: { state: 'aborted' } }], 1)
    expect(outcome.endedMessageIds).toEqual(['a1'])
    expect(outcome.save).toBe(false)
    expect(outcome.changes.conversation).toBeUndefined()
    expect(outcome.changes.activeRunIds).toEqual([])
  })

  it('holds the updates of a run not known yet, in arrival order, and changes nothing else', () => {
    const early: RunUpdate[] = [
      { runId: 'r7', seq: 0, parts: [{ type: 'text-delta', text: 'a' }] },
      { runId: 'r1', seq: 0, parts: [{ type: 'text-delta', text: 'x' }] },
      { runId: 'r7', seq: 1, parts: [{ type: 'text-delta', text: 'b' }] },
    ]
    const state = startState()
    const outcome = reduceRunUpdates(state, early, 1)
    expect(outcome.changes.heldUpdates).toEqual({ r7: [early[0], early[2]] })
    expect(takeHeldUpdates(outcome.changes.heldUpdates ?? {}, 'r7')).toEqual({
      updates: [early[0], early[2]],
      held: {},
    })
  })
})

describe('holdUpdates', () => {
  it(`keeps the updates of at most ${MAX_UNCLAIMED_RUNS} runs, forgetting those held longest`, () => {
    let held = {}
    for (let i = 0; i < MAX_UNCLAIMED_RUNS + 2; i++)
      held = holdUpdates(held, [{ runId: `late-${i}`, seq: 0 }])
    // A run already held gets more without pushing anyone out.
    held = holdUpdates(held, [{ runId: `late-${MAX_UNCLAIMED_RUNS + 1}`, seq: 1 }])
    const ids = Object.keys(held)
    expect(ids).toHaveLength(MAX_UNCLAIMED_RUNS)
    expect(ids[0]).toBe('late-2')
    expect(takeHeldUpdates(held, `late-${MAX_UNCLAIMED_RUNS + 1}`).updates.map((u) => u.seq)).toEqual([0, 1])
  })
})
