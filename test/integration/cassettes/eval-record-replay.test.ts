import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runEvalCli } from '@main/eval-cli/run-eval-cli'
import { parseRunJson } from '@shared/eval/run/export-json'
import type { CellResult } from '@shared/eval/run/eval-run-types'
import { startSimulatorGateway, TEXT_MODEL } from '../gateway/support/gateways'

/**
 * `npm run eval -- <set> --record <dir>`, then `--replay <dir>` twice: the same verdicts and outputs
 * per cell, JUnit equal but for timings. The targets: the in-process local gateway, and a "remote"
 * one (a second gateway with its own key, from the environment), which is stopped before replay.
 */
const SET = 'docs/examples/capitals.eval.yaml'
const REMOTE_KEY = 'sk-remote-eval-cassette-canary-0b7e4c1d'
const KEY_ENV = 'EVAL_REMOTE_KEY'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eval-cassettes-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

async function runEval(argv: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = ''
  const code = await runEvalCli(argv, {
    stdout: () => undefined,
    stderr: (text) => (stderr += text),
    env: { [KEY_ENV]: REMOTE_KEY },
    readFile: (path) => readFile(path, 'utf8'),
    writeChunks: async (path, chunks) => {
      let text = ''
      for await (const chunk of chunks) text += chunk
      await writeFile(path, text)
    },
    tempDir: dir,
  })
  return { code, stderr }
}

/** What a cell's verdict and output are, without its timings (a latency grader's reason quotes them). */
const verdict = (cell: CellResult) => ({
  cell: `${cell.caseId} × ${cell.targetId}`,
  state: cell.state,
  passed: cell.passed,
  output: cell.output,
  toolCalls: cell.toolCalls,
  finish: cell.finish,
  error: cell.error,
  usage: cell.usage,
  graders: cell.graders.map((g) => ({ ...g, reason: g.type === 'latency' ? '' : g.reason })),
})
/** In case-and-target order: cells finish, and are listed, in whatever order they ran. */
const verdicts = (cells: CellResult[] = []) => cells.map(verdict).sort((a, b) => a.cell.localeCompare(b.cell))
const withoutTimings = (junit: string): string => junit.replace(/ (time|timestamp)="[^"]*"/g, '')

describe('npm run eval with --record, then --replay', () => {
  it('replays every cell twice with the verdicts and outputs recorded, from the cassettes alone', async () => {
    const remote = await startSimulatorGateway({}, REMOTE_KEY)
    const tapes = join(dir, 'tapes')
    const targets = [
      '--target',
      `openai:${TEXT_MODEL}`,
      '--target',
      `anthropic:${TEXT_MODEL}@${remote.baseUrl}`,
    ]
    const common = [SET, ...targets, '--key-env', KEY_ENV, '--ttft-ms', '0', '--tokens-per-second', '5000']
    const out = (name: string) => ['--json', join(dir, `${name}.json`), '--junit', join(dir, `${name}.xml`)]
    const recorded = await runEval([...common, ...out('recorded'), '--record', tapes])
    await remote.close()
    // The France case fails on purpose (docs/examples): exit 1 every time.
    expect(recorded.code, recorded.stderr).toBe(1)
    expect((await readdir(tapes)).length).toBe(10)

    const replays = [await runEval([...common, ...out('replay-1'), '--replay', tapes])]
    replays.push(await runEval([...common, ...out('replay-2'), '--replay', tapes]))
    const runs = await Promise.all(
      ['recorded', 'replay-1', 'replay-2'].map(async (name) =>
        parseRunJson(await readFile(join(dir, `${name}.json`), 'utf8')),
      ),
    )
    const junits = await Promise.all(
      ['recorded', 'replay-1', 'replay-2'].map(async (name) =>
        withoutTimings(await readFile(join(dir, `${name}.xml`), 'utf8')),
      ),
    )
    for (const [i, replay] of replays.entries()) {
      expect(replay.code, replay.stderr).toBe(1)
      expect(replay.stderr).toContain('no network')
      expect(verdicts(runs[i + 1]?.cells)).toEqual(verdicts(runs[0]?.cells))
      expect(junits[i + 1]).toBe(junits[0])
    }
    expect(runs[0]?.cells.filter((c) => c.passed)).toHaveLength(8)
    // The remote key travelled with every remote request: no spelling of it in the folder.
    let folder = ''
    for (const name of await readdir(tapes)) folder += await readFile(join(tapes, name), 'utf8')
    expect(folder).not.toContain(REMOTE_KEY)
    expect(folder).not.toContain(Buffer.from(REMOTE_KEY).toString('base64').slice(4, -4))
  })

  it('fails a cell that has no cassette, saying so, and exits 1 (never simulated)', async () => {
    const tapes = join(dir, 'one-tape')
    const set = join(dir, 'one.eval.yaml')
    const yaml = (cases: string) =>
      `format: model-gateway-test-set\nversion: 1\nname: one\nprompt:\n  messages:\n    - role: user\n      content: 'Say {{word}}'\ncases:\n${cases}`
    await writeFile(set, yaml('  - id: hello\n    vars: { word: hello }\n'))
    const argv = [set, '--target', `openai:${TEXT_MODEL}`, '--ttft-ms', '0', '--tokens-per-second', '5000']
    expect((await runEval([...argv, '--record', tapes])).code).toBe(0)
    expect((await runEval([...argv, '--replay', tapes])).code).toBe(0)

    await writeFile(
      set,
      yaml('  - id: hello\n    vars: { word: hello }\n  - id: bye\n    vars: { word: bye }\n'),
    )
    const json = join(dir, 'miss.json')
    const missed = await runEval([...argv, '--replay', tapes, '--json', json])
    expect(missed.code).toBe(1)
    const cells = parseRunJson(await readFile(json, 'utf8')).cells
    expect(cells.find((c) => c.caseId === 'hello')?.passed).toBe(true)
    const bye = cells.find((c) => c.caseId === 'bye')
    expect(bye?.passed).toBe(false)
    expect(bye?.output).toBe('')
    expect(bye?.error).toMatch(
      /No cassette matched this request .*The closest is [0-9a-f]{16}\.openai-chat\.json, which differs in messages\[0\]/,
    )
  })
})
