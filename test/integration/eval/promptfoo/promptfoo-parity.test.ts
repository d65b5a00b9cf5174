import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveGatewayConfig } from '@gateway/gateway-config'
import { startGateway, type RunningGateway } from '@gateway/start-gateway'
import { installPromptfoo } from '@scripts/bench/install-promptfoo'
import { parseRunJson } from '@shared/eval/run/export-json'
import { anthropicBasic, everyAssertion, gettingStarted, riddles } from './promptfoo-configs'

/**
 * promptfoo suites run unchanged (issue 27): the real promptfoo (installed into the temporary folder
 * once, never a dependency) and `npm run eval` run the same configs against the same local gateway
 * (simulator, loopback), and every cell — and every assertion of it — gets the same verdict.
 */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url))
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx')
const KEY = `sk-parity-${randomBytes(18).toString('base64url')}`

type Exit = { code: number; stdout: string; stderr: string }

function run(command: string, args: string[], env: Record<string, string>, cwd: string): Promise<Exit> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      {
        cwd,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: env.HOME ?? cwd,
          GATEWAY_KEY: KEY,
          ANTHROPIC_API_KEY: KEY,
          ...env,
        },
        timeout: 170_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1
        resolve({ code, stdout, stderr })
      },
    )
  })
}

let dir: string
let gateway: RunningGateway
let promptfoo: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'promptfoo-parity-'))
  promptfoo = await installPromptfoo()
  gateway = await startGateway({
    apiKey: KEY,
    config: resolveGatewayConfig({ simulator: { ttftMs: 0, tokensPerSecond: 20_000 } }),
  })
}, 600_000)
afterAll(async () => {
  await gateway?.close()
  await rm(dir, { recursive: true, force: true })
})

/**
 * A cell's verdict and its assertions' verdicts, keyed by test number and column (promptfoo's
 * promptIdx: each provider with each of its prompts, in order), with the column's model.
 */
type Verdicts = Map<string, { model: string; passed: boolean; asserts: boolean[] | undefined }>

type PromptfooResult = {
  testIdx: number
  promptIdx: number
  provider: { id: string }
  success: boolean
  gradingResult?: { componentResults?: Array<{ pass: boolean }> } | null
}

async function promptfooVerdicts(config: string, name: string): Promise<Verdicts> {
  const out = join(dir, `${name}.promptfoo.json`)
  const home = join(dir, `${name}-promptfoo-home`)
  await mkdir(home, { recursive: true })
  const result = await run(
    process.execPath,
    [
      promptfoo,
      'eval',
      '-c',
      config,
      '--output',
      out,
      '--no-cache',
      '--no-table',
      '--no-progress-bar',
      '--no-write',
    ],
    {
      HOME: home,
      PROMPTFOO_DISABLE_TELEMETRY: '1',
      PROMPTFOO_DISABLE_UPDATE: '1',
      PROMPTFOO_CONFIG_DIR: home,
    },
    dir,
  )
  // 100: some test failed.
  expect([0, 100], result.stderr + result.stdout).toContain(result.code)
  const json = JSON.parse(await readFile(out, 'utf8')) as { results: { results: PromptfooResult[] } }
  const verdicts: Verdicts = new Map()
  for (const r of json.results.results) {
    verdicts.set(`${r.testIdx + 1}|${r.promptIdx}`, {
      model: r.provider.id.replace(/^(openai:chat|anthropic:messages):/, ''),
      passed: r.success,
      asserts: r.gradingResult?.componentResults?.map((c) => c.pass),
    })
  }
  return verdicts
}

async function ourVerdicts(config: string, name: string): Promise<Verdicts> {
  const out = join(dir, `${name}.ours.json`)
  const result = await run(TSX, ['src/main/eval-cli/cli.ts', config, '--json', out], {}, ROOT)
  expect([0, 1], result.stderr).toContain(result.code)
  const runJson = parseRunJson(await readFile(out, 'utf8'))
  const verdicts: Verdicts = new Map()
  for (const cell of runJson.cells) {
    const column = runJson.targets.findIndex((t) => t.id === cell.targetId)
    verdicts.set(`${cell.caseId.replace('test-', '')}|${column}`, {
      model: runJson.targets[column]?.model ?? '',
      passed: cell.passed,
      asserts: cell.graders.map((g) => g.passed),
    })
  }
  return verdicts
}

async function compare(name: string, yaml: string): Promise<Verdicts> {
  const config = join(dir, `${name}.promptfooconfig.yaml`)
  await writeFile(config, yaml)
  const theirs = await promptfooVerdicts(config, name)
  const ours = await ourVerdicts(config, name)
  expect([...ours.keys()].sort()).toEqual([...theirs.keys()].sort())
  for (const [key, their] of theirs) {
    const our = ours.get(key)
    expect(our?.model, `model of cell ${key}`).toBe(their.model)
    expect(our?.passed, `cell ${key}`).toBe(their.passed)
    if (their.asserts !== undefined && their.asserts.length > 0)
      expect(our?.asserts, `assertions of cell ${key}`).toEqual(their.asserts)
  }
  return ours
}

const passes = (verdicts: Verdicts) => [...verdicts.values()].filter((v) => v.passed).length

describe('promptfoo configs give promptfoo’s verdicts', () => {
  it('examples/getting-started: two prompts × two providers', async () => {
    const ours = await compare('getting-started', gettingStarted(gateway.baseUrl))
    expect(ours.size).toBe(8)
  }, 240_000)

  it('examples/gpt-4o-vs-4o-mini: cost, latency, contains and llm-rubric graded by the gateway', async () => {
    const ours = await compare('riddles', riddles(gateway.baseUrl))
    expect(ours.size).toBe(30)
  }, 240_000)

  it('examples/anthropic (basic): three prompts × three Anthropic providers, at temperature 0.7', async () => {
    const ours = await compare('anthropic', anthropicBasic(gateway.baseUrl))
    expect(ours.size).toBe(45)
    expect(passes(ours)).toBe(45)
  }, 240_000)

  it('every assertion the workbench reads, and each not- form, over both dialects', async () => {
    const ours = await compare('every-assertion', everyAssertion(gateway.baseUrl))
    expect(ours.size).toBe(20)
    const all = [...ours.values()].flatMap((v) => v.asserts ?? [])
    expect(all).toContain(true)
    expect(all).toContain(false)
  }, 240_000)
})

describe('assertions the workbench does not run', () => {
  const config = `prompts: ['Say hello to {{name}}']
providers: ['openai:chat:vendorb3.8-Flash-Next']
tests:
  - vars: {name: Ada}
    assert:
      - type: icontains
        value: ada
      - type: javascript
        value: output.length > 0
      - type: not-python
        value: len(output) > 0
      - type: webhook
        value: https://example.invalid/grade
`

  it('are refused by name with exit 2', async () => {
    const file = join(dir, 'code.promptfooconfig.yaml')
    await writeFile(file, config)
    const result = await run(TSX, ['src/main/eval-cli/cli.ts', file], {}, ROOT)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('unsupported assertions javascript, not-python, webhook')
    expect(result.stderr).toContain('tests[0].assert[1]')
  })

  it('with --skip-unsupported, run without them and are reported as skipped', async () => {
    const file = join(dir, 'code.promptfooconfig.yaml')
    await writeFile(file, config)
    const out = join(dir, 'code.ours.json')
    const result = await run(
      TSX,
      ['src/main/eval-cli/cli.ts', file, '--skip-unsupported', '--json', out],
      {},
      ROOT,
    )
    expect(result.stderr).toContain('skipping javascript, not-python, webhook assertions')
    const cells = parseRunJson(await readFile(out, 'utf8')).cells
    expect(cells).toHaveLength(1)
    const graders = cells[0]?.graders ?? []
    expect(graders.map((g) => [g.type, g.skipped === true])).toEqual([
      ['contains', false],
      ['unsupported', true],
      ['unsupported', true],
      ['unsupported', true],
    ])
    // The skipped ones decide nothing: the cell's verdict is its contains assertion's.
    expect(cells[0]?.passed).toBe(graders[0]?.passed)
    expect(result.code).toBe(cells[0]?.passed ? 0 : 1)
  }, 60_000)
})
