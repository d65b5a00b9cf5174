import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createEvalService } from '@main/services/eval/eval-service'
import { createRunJournal } from '@main/services/eval/journal/run-journal-writer'
import { parseRunJson } from '@shared/eval/run/export-json'
import type { TestSet } from '@shared/eval/test-set-schema'
import { bothDialectTargets, localGatewayTarget, quietLogger } from './support/local-gateway-target'
import type { EvalProgressEvent } from '@shared/ipc/eval-schemas'

/** The app's eval service (what the eval:* channels call) on the real local gateway over loopback. */
const { resolveTarget } = localGatewayTarget({
  key: 'sk-eval-service-test-key-0123456789',
  tokensPerSecond: 2000,
})
const targets = bothDialectTargets
const cities = ['Oslo', 'Lima', 'Rome', 'Kyiv', 'Doha', 'Riga', 'Bern', 'Oran', 'Pune', 'Nuuk']
const set: TestSet = {
  format: 'model-gateway-test-set',
  version: 1,
  name: 'cities',
  prompt: { messages: [{ role: 'user', content: 'Tell me about {{city}}.' }], params: { temperature: 0 } },
  graders: [{ type: 'contains', value: 'openai-chat' }],
  cases: cities.map((city) => ({ id: city, vars: { city } })),
}

async function service(extra: { maxRunFileBytes?: number; dir?: string } = {}) {
  const events: EvalProgressEvent[] = []
  const { dir = mkdtempSync(path.join(os.tmpdir(), 'eval-service-')), ...rest } = extra
  const evals = await createEvalService({
    userDataDir: dir,
    logger: quietLogger,
    resolveTarget,
    emit: (event) => events.push(event),
    ...rest,
  })
  const ended = (runId: string) =>
    new Promise<EvalProgressEvent>((resolve) => {
      const check = setInterval(() => {
        const last = events.filter((e) => e.runId === runId && e.status !== 'running').at(-1)
        if (last) {
          clearInterval(check)
          resolve(last)
        }
      }, 5)
    })
  return { evals, events, dir, ended }
}

describe('eval service', () => {
  it('runs, batches progress, saves the run as a file that re-opens and exports', async () => {
    const { evals, events, dir, ended } = await service()
    const { runId } = await evals.start({ set, targets, concurrency: 4 })
    const last = await ended(runId)
    expect(last).toMatchObject({ status: 'finished', done: 20, total: 20, passed: 10, failed: 10 })
    // Every cell arrives exactly once across the batched events.
    const cells = events.flatMap((e) => e.cells.map((c) => `${c.caseId}/${c.targetId}`))
    expect(new Set(cells).size).toBe(20)
    expect(cells).toHaveLength(20)
    // The verdict follows the dialect (the simulator names it in the reply).
    for (const cell of events.flatMap((e) => e.cells)) expect(cell.passed).toBe(cell.targetId === 'oa')

    expect(readdirSync(path.join(dir, 'eval-runs'))).toEqual([`${runId}.json`])
    const saved = await evals.getRun(runId)
    expect(saved.cells).toHaveLength(20)
    expect((await evals.listRuns())[0]).toMatchObject({
      id: runId,
      passed: 10,
      total: 20,
      status: 'finished',
    })
    const json = await evals.exportRun({ runId, format: 'json' })
    expect(parseRunJson(json.text).cells).toHaveLength(20)
    const junit = await evals.exportRun({ runId, format: 'junit' })
    expect(junit.text).toContain('<testsuites')
    expect(junit.text.match(/<failure/g)).toHaveLength(10)
  })

  it('a review is kept with the saved run apart from the graders, listed per target, in the HTML export; null takes it back', async () => {
    const { evals, ended } = await service()
    const { runId } = await evals.start({ set, targets, concurrency: 4 })
    await ended(runId)
    const target = targets[0]?.id ?? ''
    await evals.review({
      runId,
      caseId: 'Oslo',
      targetId: target,
      review: { verdict: 'fail', comment: 'too <b>short</b>', at: 1 },
    })
    const cell = (await evals.getRun(runId)).cells.find((c) => c.caseId === 'Oslo' && c.targetId === target)
    expect(cell?.review).toEqual({ verdict: 'fail', comment: 'too <b>short</b>', at: 1 })
    expect(cell?.passed).toBe(true)
    expect((await evals.listRuns())[0]?.targets?.find((t) => t.id === target)).toMatchObject({
      passed: 10,
      cells: 10,
    })
    const html = await evals.exportRun({ runId, format: 'html' })
    expect(html.fileName).toMatch(/\.html$/)
    expect(html.text).toContain('Reviewed: fail — too &lt;b&gt;short&lt;/b&gt;')
    await evals.review({ runId, caseId: 'Oslo', targetId: target, review: null })
    expect(
      (await evals.getRun(runId)).cells.find((c) => c.caseId === 'Oslo' && c.targetId === target)?.review,
    ).toBeUndefined()
    await expect(evals.review({ runId, caseId: 'nowhere', targetId: target, review: null })).rejects.toThrow(
      /no result/,
    )
  })

  it('stop keeps the finished cells; resume sends only the rest under the same id', async () => {
    const { evals, events } = await service()
    const { runId } = await evals.start({ set, targets, concurrency: 1 })
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (events.some((e) => e.cells.length > 0)) {
          clearInterval(check)
          resolve()
        }
      }, 2)
    })
    await evals.stop(runId)
    const stopped = await evals.getRun(runId)
    expect(stopped.status).toBe('stopped')
    expect(stopped.cells.length).toBeGreaterThan(0)
    expect(stopped.cells.length).toBeLessThan(20)

    const before = events.length
    await evals.start({ set, targets, concurrency: 4, resumeRunId: runId })
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (events.slice(before).some((e) => e.status === 'finished')) {
          clearInterval(check)
          resolve()
        }
      }, 5)
    })
    const resumedCells = events.slice(before).flatMap((e) => e.cells)
    expect(resumedCells).toHaveLength(20 - stopped.cells.length)
    const finished = await evals.getRun(runId)
    expect(finished.status).toBe('finished')
    expect(finished.cells).toHaveLength(20)
  })

  it('refuses a set whose cases do not fit the prompt before sending anything, and a second run at once', async () => {
    const { evals } = await service()
    const bad: TestSet = { ...set, cases: [{ id: 'x', vars: { town: 'Oslo' } }] }
    await expect(evals.start({ set: bad, targets })).rejects.toThrow(/city|town/)
    const { runId } = await evals.start({ set, targets })
    await expect(evals.start({ set, targets })).rejects.toThrow(/already running/)
    await evals.stop(runId)
  })

  it('a run too large to save still ends, with the reason, and is not listed', async () => {
    const { evals, ended } = await service({ maxRunFileBytes: 1000 })
    const { runId } = await evals.start({ set, targets })
    const last = await ended(runId)
    expect(last.status).toBe('finished')
    expect(last.error).toMatch(/could not be saved/)
    expect(await evals.listRuns()).toEqual([])
  })

  it('a reloaded window re-attaches: the run under way with its cells so far', async () => {
    const { evals, events, ended } = await service()
    expect(await evals.active()).toBeNull()
    const { runId } = await evals.start({ set, targets, concurrency: 1 })
    await until(() => events.some((e) => e.cells.length > 0))
    const seen = events.flatMap((e) => e.cells).length
    const active = await evals.active()
    expect(active).toMatchObject({ id: runId, status: 'running', setName: 'cities' })
    expect(active?.cells.length).toBeGreaterThanOrEqual(seen)
    expect(active?.caseIds).toEqual(cities)
    await evals.stop(runId)
    await ended(runId)
    expect(await evals.active()).toBeNull()
  })

  it('a run the app did not live to save is a stopped run at the next start, and resumes', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'eval-service-'))
    mkdirSync(path.join(dir, 'eval-journals'))
    // What a crash leaves: the head and the cells written so far, no end.
    const journal = createRunJournal(path.join(dir, 'eval-journals', 'crashed-1.jsonl'), {
      id: 'crashed-1',
      setName: 'cities',
      startedAt: 1,
      status: 'running',
      targets,
      caseIds: cities,
      set,
    })
    for (const city of cities.slice(0, 3))
      journal.record({
        caseId: city,
        targetId: 'oa',
        state: 'completed',
        output: 'x openai-chat',
        toolCalls: [],
        graders: [],
        passed: true,
        finishedAt: 2,
      })
    journal.close()
    const { evals, ended } = await service({ dir })
    expect(readdirSync(path.join(dir, 'eval-journals'))).toEqual([])
    expect(await evals.listRuns()).toMatchObject([
      { id: 'crashed-1', status: 'stopped', cells: 3, total: 20 },
    ])
    await evals.start({ set, targets, resumeRunId: 'crashed-1' })
    expect(await ended('crashed-1')).toMatchObject({ status: 'finished', done: 20 })
    expect((await evals.getRun('crashed-1')).cells).toHaveLength(20)
  })

  it('a manual review is kept with the run, during it and after, and never changes the verdict', async () => {
    const { evals, events, ended } = await service()
    const { runId } = await evals.start({ set, targets, concurrency: 1 })
    await until(() => events.some((e) => e.cells.length > 0))
    const first = events.flatMap((e) => e.cells)[0]!
    await evals.review({
      runId,
      caseId: first.caseId,
      targetId: first.targetId,
      review: { verdict: 'fail', comment: 'too long', at: 5 },
    })
    await ended(runId)
    const saved = await evals.getRun(runId)
    const reviewed = saved.cells.find((c) => c.caseId === first.caseId && c.targetId === first.targetId)
    expect(reviewed).toMatchObject({ passed: first.passed, review: { verdict: 'fail', comment: 'too long' } })
    // After the run: into the saved file; null takes it back.
    await evals.review({ runId, caseId: first.caseId, targetId: first.targetId, review: null })
    await evals.review({ runId, caseId: 'Lima', targetId: 'an', review: { verdict: 'pass', at: 6 } })
    const again = await evals.getRun(runId)
    expect(again.cells.filter((c) => c.review !== undefined).map((c) => [c.caseId, c.targetId])).toEqual([
      ['Lima', 'an'],
    ])
    await expect(evals.review({ runId, caseId: 'nowhere', targetId: 'oa', review: null })).rejects.toThrow(
      /no result/,
    )
  })
})

function until(ready: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = setInterval(() => {
      if (ready()) {
        clearInterval(check)
        resolve()
      }
    }, 2)
  })
}
