import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseRunJson } from '@shared/eval/run/export-json'
import { parseWellFormedXml } from '../../support/well-formed-xml'

/**
 * `npm run eval` as CI runs it: a child process against the local gateway it starts itself
 * (simulator, loopback, its own key), on the documented example set: 5 cases, 4 grader kinds
 * (contains, regex, finish reason, latency), both dialects × both models.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx')
const SET = 'docs/examples/capitals.eval.yaml'
// Fast simulator pacing: the figures do not matter here, only verdicts.
const FAST = ['--ttft-ms', '0', '--tokens-per-second', '5000']

type Result = { code: number; stdout: string; stderr: string }

function runEval(args: string[]): Promise<Result> {
  return new Promise((resolve) => {
    execFile(
      TSX,
      ['src/main/eval-cli/cli.ts', ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? ROOT }, timeout: 50_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1
        resolve({ code, stdout, stderr })
      },
    )
  })
}

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eval-cli-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('npm run eval', () => {
  it('grades the example set over both dialects × both models, exits 1 for the failing case, writes well-formed JUnit', async () => {
    const junit = join(dir, 'out.xml')
    const json = join(dir, 'out.json')
    const result = await runEval([SET, '--junit', junit, '--json', json, ...FAST])
    expect(result.code, result.stderr).toBe(1)
    // Progress on stderr, one line per cell; the summary on stdout.
    expect(result.stderr).toMatch(/\[20\/20\] (pass|FAIL) /)
    expect(result.stdout).toContain('contains "Paris": not found in the output')

    const run = parseRunJson(await readFile(json, 'utf8'))
    expect(run.targets.map((t) => t.id).sort()).toEqual([
      'anthropic-messages:vendora-V4-Flash-Vision-Exp',
      'anthropic-messages:vendorb3.8-Flash-Next',
      'openai-chat:vendora-V4-Flash-Vision-Exp',
      'openai-chat:vendorb3.8-Flash-Next',
    ])
    expect(run.cells).toHaveLength(20)
    for (const cell of run.cells) {
      expect({ cell: `${cell.caseId} × ${cell.targetId}`, passed: cell.passed }).toEqual({
        cell: `${cell.caseId} × ${cell.targetId}`,
        passed: cell.caseId !== 'france',
      })
      expect(cell.state).toBe('completed')
      expect(cell.points).toMatch(/^0\.\d+$/)
    }

    const doc = parseWellFormedXml(await readFile(junit, 'utf8'))
    const suites = doc.getElementsByTagName('testsuite')
    expect(suites.length).toBe(4)
    for (let i = 0; i < suites.length; i++) {
      expect([suites[i]?.getAttribute('tests'), suites[i]?.getAttribute('failures')]).toEqual(['5', '1'])
    }
    const failures = doc.getElementsByTagName('failure')
    expect(failures.length).toBe(4)
    expect(failures[0]?.parentNode).toMatchObject({ nodeName: 'testcase' })
  })

  it('exits 0 when every grader passes, with --target choosing the cells', async () => {
    const set = (await readFile(join(ROOT, SET), 'utf8')).replace(/\n {2}- id: france[\s\S]*$/, '\n')
    const file = join(dir, 'passing.eval.yaml')
    await writeFile(file, set)
    const result = await runEval([
      file,
      '--target',
      'anthropic:vendorb3.8-Flash-Next',
      '--target',
      'openai-chat:vendorb3.8-Flash-Next',
      ...FAST,
    ])
    expect(result.code, result.stdout + result.stderr).toBe(0)
    expect(result.stderr).toMatch(/\[8\/8\] pass /)
  })

  it('tool-call graders check the arguments of the calls the simulator makes, in both dialects', async () => {
    const result = await runEval(['docs/examples/weather-tools.eval.yaml', ...FAST])
    expect(result.code, result.stdout + result.stderr).toBe(0)
    expect(result.stdout).toMatch(/anthropic-messages:vendorb3\.8-Flash-Next: 2\/2 passed/)
  })

  it('exits 2 and names the line of a broken set file, sending nothing', async () => {
    const file = join(dir, 'broken.eval.json')
    await writeFile(file, '{\n  "format": "model-gateway-test-set",\n  "cases": [,]\n}\n')
    const result = await runEval([file])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('broken.eval.json, line 3')
    expect(result.stderr).not.toContain('local gateway')
  })
})
