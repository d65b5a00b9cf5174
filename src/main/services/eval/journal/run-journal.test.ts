import { appendFileSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import type { CellResult, EvalRunHead } from '@shared/eval/run/eval-run-types'
import { indexRunJournal, journalCells, readRunJournal } from './run-journal-reader'
import { createRunJournal, reopenRunJournal } from './run-journal-writer'

const dir = mkdtempSync(path.join(os.tmpdir(), 'run-journal-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let files = 0
const fresh = () => path.join(dir, `j${files++}.jsonl`)

const head: EvalRunHead = {
  id: 'r1',
  setName: 'set',
  startedAt: 1,
  status: 'running',
  targets: [
    { id: 'a', connection: 'local', model: 'm', dialect: 'openai-chat' },
    { id: 'b', connection: 'local', model: 'm', dialect: 'anthropic-messages' },
  ],
  caseIds: ['c1', 'c2', 'c3'],
}
const cell = (caseId: string, targetId: string, output: string, passed = true): CellResult => ({
  caseId,
  targetId,
  state: 'completed',
  output,
  toolCalls: [],
  graders: [],
  passed,
  finishedAt: 2,
})

describe('run journal', () => {
  it('reads back what was written, in the run’s order, the last record of a cell winning, reviews applied', async () => {
    // Any text (newlines, quotes, astral characters) in any order of finishing.
    const anyCell = fc.record({
      caseId: fc.constantFrom('c1', 'c2', 'c3'),
      targetId: fc.constantFrom('a', 'b'),
      output: fc.string({ unit: 'binary', maxLength: 40 }),
      passed: fc.boolean(),
    })
    await fc.assert(
      fc.asyncProperty(fc.array(anyCell, { maxLength: 8 }), fc.boolean(), async (cells, review) => {
        const file = fresh()
        const writer = createRunJournal(file, head)
        const last = new Map<string, CellResult>()
        for (const c of cells) {
          const written = cell(c.caseId, c.targetId, c.output, c.passed)
          writer.record(written)
          last.set(`${c.caseId}/${c.targetId}`, written)
        }
        const reviewed = cells[0]
        if (review && reviewed !== undefined)
          writer.review(reviewed.caseId, reviewed.targetId, { verdict: 'fail', comment: 'no', at: 3 })
        writer.close()
        const run = await readRunJournal(file)
        const expected = head.caseIds.flatMap((caseId) =>
          head.targets.flatMap((t) => last.get(`${caseId}/${t.id}`) ?? []),
        )
        if (review && reviewed !== undefined) {
          const target = expected.find(
            (c) => c.caseId === reviewed.caseId && c.targetId === reviewed.targetId,
          )
          if (target) target.review = { verdict: 'fail', comment: 'no', at: 3 }
        }
        expect(run.cells).toEqual(expected)
        expect(run.status).toBe('running')
      }),
      { numRuns: 40 },
    )
  })

  it('a record a crash cut short is ignored, cut off when reopened, and the run goes on after it', async () => {
    const file = fresh()
    const writer = createRunJournal(file, head)
    writer.record(cell('c1', 'a', 'one'))
    writer.close()
    appendFileSync(file, '{"cell":{"caseId":"c1","targ')
    const index = await indexRunJournal(file)
    expect(index.cutShort).toBe(true)
    expect([...index.cells.keys()]).toHaveLength(1)

    const again = reopenRunJournal(file)
    again.status('running', 5)
    again.record(cell('c2', 'b', 'two'))
    again.status('finished', 9)
    again.close()
    const run = await readRunJournal(file)
    expect(run.cells.map((c) => c.output)).toEqual(['one', 'two'])
    expect(run).toMatchObject({ status: 'finished', finishedAt: 9 })
  })

  it('streams one target’s cells without reading the others', async () => {
    const file = fresh()
    const writer = createRunJournal(file, head)
    for (const caseId of head.caseIds)
      for (const t of ['b', 'a']) writer.record(cell(caseId, t, `${caseId}${t}`))
    writer.close()
    const seen: string[] = []
    for await (const c of journalCells(await indexRunJournal(file), 'b')) seen.push(c.output)
    expect(seen).toEqual(['c1b', 'c2b', 'c3b'])
  })

  it('refuses to start a journal over an existing file, and names the line of a broken record', async () => {
    const file = fresh()
    createRunJournal(file, head).close()
    expect(() => createRunJournal(file, head)).toThrow(/EEXIST/)
    appendFileSync(file, '{"cell":{"caseId":1}}\n')
    await expect(indexRunJournal(file)).rejects.toThrow(/line 2/)
    const notJournal = fresh()
    writeFileSync(notJournal, '{"format":"model-gateway-eval-results"}\n')
    await expect(indexRunJournal(notJournal)).rejects.toThrow(/not a run journal/)
  })

  it.skipIf(process.platform === 'win32')('is private to its owner', () => {
    const file = fresh()
    createRunJournal(file, head).close()
    expect(statSync(file).mode & 0o077).toBe(0)
  })
})
