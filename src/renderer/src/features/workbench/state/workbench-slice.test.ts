import { beforeEach, describe, expect, it, vi } from 'vitest'
import { cellKey, type CellResult } from '@shared/eval/run/eval-run-types'
import type { EvalProgressEvent } from '@shared/ipc/eval-schemas'
import type { FakeApi } from '@renderer/features/app/__fixtures__/fake-api'
import { resetStore } from '@renderer/features/app/__fixtures__/reset-store'
import { api as mockedApi } from '@renderer/lib/api'
import { useAppStore } from '@renderer/store'
import { subscribeToEvalProgress } from './eval-progress-events'

vi.mock('@renderer/lib/api', async () => {
  const { createFakeApi } = await import('@renderer/features/app/__fixtures__/fake-api')
  return { api: createFakeApi(), shell: 'browser' }
})

const api = mockedApi as FakeApi

function cell(caseId: string, targetId: string, passed: boolean): CellResult {
  return {
    caseId,
    targetId,
    passed,
    state: 'completed',
    output: 'x',
    toolCalls: [],
    graders: [],
    finishedAt: 0,
  }
}

function event(
  runId: string,
  cells: CellResult[],
  extra: Partial<EvalProgressEvent> = {},
): EvalProgressEvent {
  return { runId, done: 0, total: 4, passed: 0, failed: 0, cells, status: 'running', ...extra }
}

async function startRun(): Promise<string> {
  api.handle('eval:start', () => ({ runId: 'run-1' }))
  api.handle('eval:list-runs', () => [])
  useAppStore.getState().updateDraft({
    user: 'About {{city}}',
    cases: [
      { id: 'a', vars: { city: 'Oslo' } },
      { id: 'b', vars: { city: 'Lima' } },
    ],
  })
  useAppStore.getState().setTargets([
    { id: 'oa', connection: 'local', model: 'm', dialect: 'openai-chat' },
    { id: 'an', connection: 'local', model: 'm', dialect: 'anthropic-messages' },
  ])
  await useAppStore.getState().startEvaluation()
  return 'run-1'
}

beforeEach(() => {
  api.reset()
  resetStore()
})

describe('workbench run state', () => {
  it('sends the draft as a test set with the targets, and starts an empty grid of cases × targets', async () => {
    await startRun()
    const [input] = api.callsTo('eval:start') as Array<{ set: { prompt: unknown; cases: unknown[] } }>
    expect(input?.set.prompt).toEqual({ messages: [{ role: 'user', content: 'About {{city}}' }] })
    expect(input?.set.cases).toHaveLength(2)
    expect(useAppStore.getState().wbRun).toMatchObject({
      id: 'run-1',
      total: 4,
      caseIds: ['a', 'b'],
      cells: {},
    })
  })

  it('merges the cells of all events queued in one frame, ignores other runs, and ends with the last status', async () => {
    await startRun()
    const frames: Array<() => void> = []
    const unsubscribe = subscribeToEvalProgress((flush) => frames.push(flush))
    api.emit('eval:progress', event('run-1', [cell('a', 'oa', true)], { done: 1, passed: 1 }))
    api.emit('eval:progress', event('other', [cell('z', 'oa', false)]))
    api.emit(
      'eval:progress',
      event('run-1', [cell('a', 'an', false), cell('b', 'oa', true)], { done: 3, passed: 2, failed: 1 }),
    )
    // Nothing reaches the store until the frame: one store update for three events.
    expect(frames).toHaveLength(1)
    expect(useAppStore.getState().wbRun?.cells).toEqual({})
    frames[0]?.()
    const run = useAppStore.getState().wbRun
    expect(Object.keys(run?.cells ?? {}).sort()).toEqual(
      [cellKey('a', 'an'), cellKey('a', 'oa'), cellKey('b', 'oa')].sort(),
    )
    expect(run).toMatchObject({ done: 3, passed: 2, failed: 1, status: 'running' })

    api.emit(
      'eval:progress',
      event('run-1', [cell('b', 'an', true)], { done: 4, passed: 3, failed: 1, status: 'finished' }),
    )
    frames[1]?.()
    expect(useAppStore.getState().wbRun).toMatchObject({ done: 4, status: 'finished' })
    unsubscribe()
  })

  it('sends the chosen grading target, and the first target once the chosen one is removed', async () => {
    await startRun()
    useAppStore.getState().setGraderTarget('an')
    await useAppStore.getState().startEvaluation()
    useAppStore.getState().setTargets(useAppStore.getState().wbTargets.filter((t) => t.id !== 'an'))
    await useAppStore.getState().startEvaluation()
    const inputs = api.callsTo('eval:start') as Array<{ graderTarget?: { id: string } }>
    expect(inputs.map((i) => i.graderTarget?.id)).toEqual(['oa', 'an', 'oa'])
  })

  it('re-attaches to the run main is still going after a reload, and reads it whole when it ends', async () => {
    const run = {
      id: 'run-9',
      setName: 's',
      startedAt: 1,
      status: 'running' as const,
      targets: [{ id: 'oa', connection: 'local', model: 'm', dialect: 'openai-chat' as const }],
      caseIds: ['a', 'b'],
      cells: [cell('a', 'oa', true)],
    }
    api.handle('eval:active', () => run)
    api.handle('eval:list-runs', () => [])
    api.handle('eval:get-run', () => ({
      ...run,
      status: 'finished',
      cells: [cell('a', 'oa', true), cell('b', 'oa', false)],
    }))
    await useAppStore.getState().reattachEvaluation()
    expect(useAppStore.getState().wbRun).toMatchObject({ id: 'run-9', status: 'running', done: 1, total: 2 })
    useAppStore
      .getState()
      .applyEvalProgress([
        event('run-9', [], { status: 'finished', done: 2, total: 2, passed: 1, failed: 1 }),
      ])
    await vi.waitFor(() => expect(Object.keys(useAppStore.getState().wbRun?.cells ?? {})).toHaveLength(2))
    expect(useAppStore.getState().wbRun?.status).toBe('finished')
  })

  it('cells that arrive before eval:start answers are kept, not dropped (browser mode: two connections)', async () => {
    api.handle('eval:list-runs', () => [])
    api.handle('eval:start', () => {
      // main has started the run and streamed its first cells before its answer reaches the renderer
      useAppStore
        .getState()
        .applyEvalProgress([
          event('run-1', [cell('a', 'oa', true), cell('a', 'an', false)], { done: 2, passed: 1, failed: 1 }),
        ])
      return { runId: 'run-1' }
    })
    useAppStore
      .getState()
      .updateDraft({ user: 'About {{city}}', cases: [{ id: 'a', vars: { city: 'Oslo' } }] })
    useAppStore.getState().setTargets([
      { id: 'oa', connection: 'local', model: 'm', dialect: 'openai-chat' },
      { id: 'an', connection: 'local', model: 'm', dialect: 'anthropic-messages' },
    ])
    await useAppStore.getState().startEvaluation()
    const run = useAppStore.getState().wbRun
    expect(Object.keys(run?.cells ?? {}).sort()).toEqual([cellKey('a', 'an'), cellKey('a', 'oa')].sort())
    expect(run).toMatchObject({ done: 2, passed: 1, failed: 1 })
  })

  it('a manual review goes to main and onto the shown cell; null takes it back', async () => {
    const runId = await startRun()
    useAppStore.getState().applyEvalProgress([event(runId, [cell('a', 'oa', true)], { done: 1, passed: 1 })])
    api.handle('eval:review', () => undefined)
    const review = { verdict: 'fail' as const, comment: 'too long', at: 3 }
    await useAppStore.getState().reviewCell('a', 'oa', review)
    expect(api.callsTo('eval:review')).toEqual([{ runId, caseId: 'a', targetId: 'oa', review }])
    expect(useAppStore.getState().wbRun?.cells[cellKey('a', 'oa')]).toMatchObject({ passed: true, review })
    await useAppStore.getState().reviewCell('a', 'oa', null)
    expect(useAppStore.getState().wbRun?.cells[cellKey('a', 'oa')]?.review).toBeUndefined()
  })
})

describe('opening a set file', () => {
  it('a promptfoo config becomes the draft: its prompt, its tests as cases, its assertions as graders', async () => {
    const config = `description: riddles
prompts: ['Solve this riddle: {{riddle}}']
providers: [openai:gpt-4.1-mini]
tests:
  - vars: {riddle: What has keys but no locks?}
    assert:
      - type: icontains
        value: piano
      - type: not-contains
        value: sorry
`
    await useAppStore.getState().openSetFile(config, 'promptfooconfig.yaml')
    const draft = useAppStore.getState().wbDraft
    expect(draft.name).toBe('riddles')
    expect(draft.user).toBe('Solve this riddle: {{riddle}}')
    expect(draft.cases).toEqual([
      {
        id: 'test-1',
        vars: { riddle: 'What has keys but no locks?' },
        graders: [
          { type: 'contains', value: 'piano', ignoreCase: true },
          { type: 'not', grader: { type: 'contains', value: 'sorry', ignoreCase: false } },
        ],
      },
    ])
  })

  it('a promptfoo config with a code assertion is refused, naming it, and the draft is kept', async () => {
    useAppStore.getState().updateDraft({ name: 'mine' })
    const config = `prompts: [hi]
providers: [openai:chat:m]
tests: [{assert: [{type: javascript, value: 'output.length > 1'}]}]
`
    await expect(useAppStore.getState().openSetFile(config, 'promptfooconfig.yaml')).rejects.toThrow(
      'unsupported assertion javascript',
    )
    expect(useAppStore.getState().wbDraft.name).toBe('mine')
  })
})

describe('another set (issue 28, item 5)', () => {
  const previousRun = (setName: string) => ({
    id: 'old',
    setName,
    startedAt: 1,
    status: 'finished' as const,
    targets: [],
    caseIds: ['a'],
    cells: [cell('a', 'oa', true)],
  })

  it('"New set" leaves nothing of the one before: prompt, cases, graders, run, comparison', async () => {
    await startRun()
    useAppStore.getState().setSetGraders([{ type: 'contains', value: 'Paris' }])
    useAppStore.setState({ wbPrevious: previousRun('cities') as never, wbSetId: 'set-a' })
    useAppStore.getState().newSet()
    const state = useAppStore.getState()
    expect(state.wbDraft).toMatchObject({ user: '', graders: [], cases: [] })
    expect([state.wbRun, state.wbPrevious, state.wbSetId]).toEqual([null, null, undefined])
    // Where sets run stays.
    expect(state.wbTargets).toHaveLength(2)
  })

  it('a run of another set is not compared with a run of the first', async () => {
    useAppStore.setState({ wbPrevious: previousRun('the first set') as never })
    useAppStore.getState().updateDraft({ name: 'the second set' })
    await startRun()
    expect(useAppStore.getState().wbPrevious).toBeNull()
  })

  it('a set file read from disk keeps its description when downloaded again, and drops the comparison', async () => {
    useAppStore.setState({ wbPrevious: previousRun('cities') as never })
    await useAppStore.getState().openSetFile(
      JSON.stringify({
        format: 'model-gateway-test-set',
        version: 1,
        name: 's',
        description: 'Why this set',
        cases: [],
      }),
      's.json',
    )
    expect(useAppStore.getState().wbPrevious).toBeNull()
    const { draftToSet } = await import('@renderer/features/workbench/workbench-set')
    expect(draftToSet(useAppStore.getState().wbDraft).description).toBe('Why this set')
  })
})
