import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { childEnv, compileForChild } from './__fixtures__/compile-for-child'
import { crashPayloadFor } from './__fixtures__/crash-document'
import { atomicTempFileTarget } from './atomic-temp-files'
import { createJsonDirectoryStore } from './create-json-directory-store'

// The test checks what the writer left with a strict zod schema of its own.
const crashDocumentSchema = z.object({ id: z.string(), seq: z.number().int(), payload: z.string() }).strict()

const here = path.dirname(fileURLToPath(import.meta.url))
const repoRoot = path.resolve(here, '../../../..')
const JSON_STORE = 'main/services/json-store'

// 3 lanes of 35 kills: more than the 100 asked for, in well under 30 s even on a 2-core machine.
const LANES = 3
const KILLS_PER_LANE = 35

let compiled: string | undefined
const laneDirs: string[] = []
beforeAll(async () => {
  // The store and what it imports from outside its folder (a missing one fails loudly: the writer
  // exits before its first acknowledgement).
  compiled = await compileForChild(path.join(repoRoot, 'src'), [JSON_STORE, 'shared/async'])
})
afterAll(async () => {
  const dirs = compiled === undefined ? laneDirs : [compiled, ...laneDirs]
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const randomBetween = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1))

type LaneOutcome = { kills: number; acknowledged: number; killsLeavingTempFiles: number }

/** Resolves once the child has acknowledged its first write (it is then inside its write loop). */
function firstAcknowledgement(child: ChildProcess, stdout: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the writer acknowledged nothing within 10 s')), 10_000)
    const check = () => {
      if (!stdout().includes('\n')) return
      clearTimeout(timer)
      child.stdout?.off('data', check)
      resolve()
    }
    child.stdout?.on('data', check)
    child.once('exit', () => {
      clearTimeout(timer)
      reject(new Error('the writer exited before acknowledging a write'))
    })
  })
}

async function runLane(lane: number, writerScript: string): Promise<LaneOutcome> {
  const dir = await mkdtemp(path.join(tmpdir(), `json-store-crash-${lane}-`))
  laneDirs.push(dir)
  // The latest acknowledged seq per document, over every run so far: what the disk must still hold.
  const acknowledged = new Map<string, number>()
  let acknowledgedCount = 0
  let killsLeavingTempFiles = 0

  for (let run = 0; run < KILLS_PER_LANE; run += 1) {
    const label = `lane ${lane}, kill ${run + 1}`
    const child = spawn(process.execPath, [writerScript, dir, String((run + 1) * 1_000_000)], {
      env: childEnv(repoRoot),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const closed = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('close', (_code, signal) => resolve(signal)),
    )

    if (run % 8 === 7) {
      // Now and then kill it while it starts, opens and sweeps, not only inside the write loop.
      await sleep(randomBetween(0, 250))
    } else {
      await firstAcknowledgement(child, () => stdout)
      await sleep(randomBetween(0, 40))
    }
    child.kill('SIGKILL')
    expect(await closed, `${label}: the writer must die by SIGKILL, not on its own: ${stderr}`).toBe(
      'SIGKILL',
    )

    // Only complete lines: the last one may have been cut by the kill.
    for (const line of stdout.split('\n').slice(0, -1)) {
      const [id = '', seqText = ''] = line.split(' ')
      acknowledged.set(id, Math.max(acknowledged.get(id) ?? -1, Number(seqText)))
      acknowledgedCount += 1
    }
    const names = await readdir(dir)
    if (names.some((name) => atomicTempFileTarget(name) !== null)) killsLeavingTempFiles += 1
    if (process.platform !== 'win32') {
      // Documents and the temp files a kill left mid-write alike: never readable by other accounts.
      for (const name of names) {
        const mode = (await stat(path.join(dir, name))).mode & 0o777
        expect(mode.toString(8), `${label}: mode of ${name}`).toBe('600')
      }
      expect(((await stat(dir)).mode & 0o777).toString(8), `${label}: mode of the folder`).toBe('700')
    }

    const store = await createJsonDirectoryStore({ dir, schema: crashDocumentSchema, extension: '.json' })
    expect(store.quarantined(), `${label}: no file may be corrupt`).toEqual([])
    const documents = new Map((await store.list()).map(({ id, value }) => [id, value]))
    for (const [id, seq] of acknowledged) {
      const document = documents.get(id)
      expect(document, `${label}: acknowledged ${id} is missing`).toBeDefined()
      expect(document?.seq, `${label}: ${id} went back before its acknowledged write`).toBeGreaterThanOrEqual(
        seq,
      )
    }
    for (const [id, document] of documents) {
      expect(document.id, `${label}: ${id} holds another document`).toBe(id)
      expect(
        document.payload === crashPayloadFor(document.seq),
        `${label}: ${id} holds a mixed payload`,
      ).toBe(true)
    }
    const leftovers = (await readdir(dir)).filter((name) => !/^doc-\d\.json$/.test(name))
    expect(leftovers, `${label}: temp files must be swept at open`).toEqual([])
  }
  return { kills: KILLS_PER_LANE, acknowledged: acknowledgedCount, killsLeavingTempFiles }
}

describe('createJsonDirectoryStore under SIGKILL', () => {
  it('never leaves a corrupt file or loses an acknowledged write, over 100+ kills at random moments', async () => {
    const writerScript = path.join(compiled ?? '', JSON_STORE, '__fixtures__/crash-writer.js')
    const outcomes = await Promise.all(
      Array.from({ length: LANES }, (_, lane) => runLane(lane, writerScript)),
    )
    const total = outcomes.reduce(
      (sum, outcome) => ({
        kills: sum.kills + outcome.kills,
        acknowledged: sum.acknowledged + outcome.acknowledged,
        killsLeavingTempFiles: sum.killsLeavingTempFiles + outcome.killsLeavingTempFiles,
      }),
      { kills: 0, acknowledged: 0, killsLeavingTempFiles: 0 },
    )
    expect(total.kills).toBeGreaterThanOrEqual(100)
    // The kills really hit live writers: writes were acknowledged, and some kills landed mid-write
    // (between the temp file's creation and its rename; about one kill in four does).
    expect(total.acknowledged).toBeGreaterThan(0)
    expect(total.killsLeavingTempFiles).toBeGreaterThan(0)
  }, 90_000)
})
