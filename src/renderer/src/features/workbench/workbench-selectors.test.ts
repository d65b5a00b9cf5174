import { describe, expect, it } from 'vitest'
import { cellKey, type CellResult, type EvalRun, type EvalTarget } from '@shared/eval/run/eval-run-types'
import { regressionKeys, visibleCaseIds } from './workbench-selectors'
import type { WorkbenchRun } from './state/workbench-state'

const targets: EvalTarget[] = [
  { id: 'oa', connection: 'local', model: 'm', dialect: 'openai-chat' },
  { id: 'an', connection: 'local', model: 'm', dialect: 'anthropic-messages' },
]

function cell(caseId: string, targetId: string, passed: boolean): CellResult {
  return {
    caseId,
    targetId,
    passed,
    state: 'completed',
    output: '',
    toolCalls: [],
    graders: [],
    finishedAt: 0,
  }
}

function run(verdicts: Record<string, [boolean, boolean] | [boolean]>): WorkbenchRun {
  const cells: Record<string, CellResult> = {}
  for (const [caseId, passes] of Object.entries(verdicts)) {
    passes.forEach((passed, i) => {
      const targetId = targets[i]?.id as string
      cells[cellKey(caseId, targetId)] = cell(caseId, targetId, passed)
    })
  }
  return {
    id: 'r',
    setName: 's',
    status: 'finished',
    targets,
    caseIds: Object.keys(verdicts),
    cells,
    done: 0,
    total: 0,
    passed: 0,
    failed: 0,
  }
}

describe('grid filters', () => {
  const shown = run({ both: [true, true], neither: [false, false], split: [true, false], half: [false] })
  it('failed only keeps rows with a failed cell', () => {
    expect(visibleCaseIds(shown, { failedOnly: true, differsOnly: false })).toEqual([
      'neither',
      'split',
      'half',
    ])
  })
  it('differs keeps rows whose finished cells disagree (a row still running is not a difference)', () => {
    expect(visibleCaseIds(shown, { failedOnly: false, differsOnly: true })).toEqual(['split'])
  })
})

describe('regressions', () => {
  it('are the cells that passed in the previous run and fail now, nothing else', () => {
    const previous: EvalRun = {
      id: 'p',
      setName: 's',
      startedAt: 0,
      status: 'finished',
      targets,
      caseIds: ['a', 'b', 'c'],
      cells: [cell('a', 'oa', true), cell('a', 'an', true), cell('b', 'oa', false), cell('c', 'oa', true)],
    }
    const current = run({ a: [true, false], b: [false, false], c: [true, true] })
    expect([...regressionKeys(current, previous)]).toEqual([cellKey('a', 'an')])
    expect(regressionKeys(current, null).size).toBe(0)
  })
})
