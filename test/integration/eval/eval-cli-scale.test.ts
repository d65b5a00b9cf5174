import { execFile, spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseRunJson } from '@shared/eval/run/export-json'
import { runTotals } from '@shared/eval/run/run-totals'
import type { EvalRun } from '@shared/eval/run/eval-run-types'

/**
 * Runs that outgrow one machine or one process, as CI runs them: real `npm run eval` processes
 * against the local gateway they start (simulator, loopback, their own key). One node process each
 * (`node --import tsx`, not the tsx launcher, which would leave its child running when killed).
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const CLI = ['--import', 'tsx', 'src/main/eval-cli/cli.ts']
const FAST = ['--ttft-ms', '0', '--tokens-per-second', '5000']
const ENV = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? ROOT }

type Result = { code: number; stdout: string; stderr: string }

function runEval(args: string[]): Promise<Result> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...CLI, ...args],
      { cwd: ROOT, env: ENV, timeout: 50_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1
        resolve({ code, stdout, stderr })
      },
    )
  })
}

/** What one run's totals say that does not depend on timing. */
const verdicts = (run: EvalRun) =>
  runTotals(run).map(({ targetId, cells, passed, failed, points }) => ({
    targetId,
    cells,
    passed,
    failed,
    points,
  }))

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eval-cli-scale-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('npm run eval at scale', () => {
  it('three shards merged give the totals, JUnit counts and exit code of one run', async () => {
    const set = 'docs/examples/capitals.eval.yaml'
    const whole = await runEval([
      set,
      ...FAST,
      '--json',
      join(dir, 'whole.json'),
      '--html',
      join(dir, 'whole.html'),
    ])
    const parts = await Promise.all(
      [1, 2, 3].map((i) =>
        runEval([set, ...FAST, '--shard', `${i}/3`, '--json', join(dir, `part-${i}.json`)]),
      ),
    )
    for (const part of parts) expect(part.stderr).toMatch(/eval: journal /)
    const merged = await runEval([
      'merge',
      ...[1, 2, 3].map((i) => join(dir, `part-${i}.json`)),
      '--json',
      join(dir, 'merged.json'),
      '--junit',
      join(dir, 'merged.xml'),
      '--html',
      join(dir, 'merged.html'),
    ])
    expect([whole.code, merged.code]).toEqual([1, 1])
    const one = parseRunJson(await readFile(join(dir, 'whole.json'), 'utf8'))
    const all = parseRunJson(await readFile(join(dir, 'merged.json'), 'utf8'))
    expect(all.caseIds).toEqual(one.caseIds)
    expect(all.cells.map((c) => `${c.caseId} × ${c.targetId}`)).toEqual(
      one.cells.map((c) => `${c.caseId} × ${c.targetId}`),
    )
    expect(verdicts(all)).toEqual(verdicts(one))
    // Each part holds only its share: together every cell once.
    const shares = await Promise.all(
      [1, 2, 3].map(async (i) => parseRunJson(await readFile(join(dir, `part-${i}.json`), 'utf8'))),
    )
    expect(shares.map((p) => p.cells.length)).toEqual([8, 8, 4])
    expect((await readFile(join(dir, 'merged.xml'), 'utf8')).match(/<failure /g)).toHaveLength(4)
    expect(merged.stdout).toContain('france × openai-chat:')
    // The HTML report of the merged run shows what the unsharded one shows: every cell, the CSP.
    const reports = await Promise.all(
      ['whole', 'merged'].map((f) => readFile(join(dir, `${f}.html`), 'utf8')),
    )
    for (const html of reports) {
      expect(html).toContain('Content-Security-Policy')
      for (const caseId of one.caseIds) expect(html).toContain(caseId)
    }
    expect(reports.map((html) => html.split('class="cell fail').length - 1)).toEqual([4, 4])

    const missing = await runEval(['merge', join(dir, 'part-1.json'), join(dir, 'part-3.json')])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('shard 2 of 3 is missing')
  }, 150_000)

  it('a run killed with SIGKILL midway resumes from its journal and ends with every cell once', async () => {
    const cases = Array.from({ length: 40 }, (_, i) => `  - id: c${i}\n    vars: { n: '${i}' }`).join('\n')
    const setFile = join(dir, 'count.eval.yaml')
    await writeFile(
      setFile,
      `format: model-gateway-test-set\nversion: 1\nname: count\nprompt:\n  messages:\n    - role: user\n      content: 'Count to {{n}}.'\n  params: { temperature: 0 }\ngraders:\n  - type: contains\n    value: simulated\ncases:\n${cases}\n`,
    )
    const journal = join(dir, 'count.jsonl')
    const target = ['--target', 'openai-chat:vendora-V4-Flash-Vision-Exp']
    // Slow enough that the kill lands mid-run, whatever the machine's speed: it waits for cell 10.
    const child = spawn(
      process.execPath,
      [
        ...CLI,
        setFile,
        ...target,
        '--journal',
        journal,
        '--concurrency',
        '2',
        '--ttft-ms',
        '0',
        '--tokens-per-second',
        '400',
      ],
      { cwd: ROOT, env: ENV, stdio: ['ignore', 'ignore', 'pipe'] },
    )
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    )
    await new Promise<void>((resolve, reject) => {
      let seen = ''
      child.stderr.on('data', (chunk: Buffer) => {
        seen += chunk.toString()
        if (/\[10\/40\]/.test(seen)) resolve()
      })
      child.once('exit', () => reject(new Error(`exited before cell 10: ${seen}`)))
    })
    child.kill('SIGKILL')
    expect(await exited).toBe('SIGKILL')
    const before = (await readFile(journal, 'utf8'))
      .split('\n')
      .filter((line) => line.startsWith('{"cell"')).length
    expect(before).toBeGreaterThanOrEqual(10)
    expect(before).toBeLessThan(40)

    const out = join(dir, 'count.json')
    const resumed = await runEval(['--resume', journal, ...FAST, '--json', out])
    expect(resumed.code, resumed.stderr).toBe(0)
    // Only the missing cells were sent: the first progress line counts on from the journal.
    expect(resumed.stderr).toContain(`[${before + 1}/40]`)
    const run = parseRunJson(await readFile(out, 'utf8'))
    expect(run.status).toBe('finished')
    const keys = run.cells.map((c) => c.caseId)
    expect(keys).toEqual(Array.from({ length: 40 }, (_, i) => `c${i}`))
    const records = (await readFile(journal, 'utf8')).split('\n').filter((line) => line.startsWith('{"cell"'))
    expect(records).toHaveLength(40)
  }, 120_000)

  it('rubric graders pass and fail deterministically against the simulator', async () => {
    const setFile = join(dir, 'rubric.eval.yaml')
    await writeFile(
      setFile,
      [
        'format: model-gateway-test-set',
        'version: 1',
        'name: rubric',
        'prompt:',
        '  messages: [{ role: user, content: "Tell me about {{city}}." }]',
        '  params: { temperature: 0 }',
        'cases:',
        '  - id: quoted-present',
        '    vars: { city: Oslo }',
        '    graders: [{ type: rubric, rubric: "Says it is a \\"simulated reply\\"" }]',
        '  - id: quoted-missing',
        '    vars: { city: Oslo }',
        '    graders: [{ type: rubric, rubric: "Mentions \\"fjords\\"" }]',
        '  - id: marker',
        '    vars: { city: Lima }',
        '    graders: [{ type: rubric, rubric: "Is it friendly? [simulate: fail]" }]',
        '',
      ].join('\n'),
    )
    const target = ['--target', 'anthropic:vendorb3.8-Flash-Next']
    const runs = await Promise.all(
      [1, 2].map((i) => runEval([setFile, ...target, ...FAST, '--json', join(dir, `rubric-${i}.json`)])),
    )
    expect(runs.map((r) => r.code)).toEqual([1, 1])
    for (const i of [1, 2]) {
      const run = parseRunJson(await readFile(join(dir, `rubric-${i}.json`), 'utf8'))
      expect(run.cells.map((c) => [c.caseId, c.passed])).toEqual([
        ['quoted-present', true],
        ['quoted-missing', false],
        ['marker', false],
      ])
      expect(run.cells[1]?.graders[0]?.reason).toContain(String.raw`The output lacks \"fjords\"`)
    }
  })
})
