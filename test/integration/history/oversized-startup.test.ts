import { spawn, type ChildProcess } from 'node:child_process'
import { mkdir, mkdtemp, readdir, rm, stat, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * The app as a user starts it (browser mode, its own process) on a user data folder holding files
 * too large to load. Before, one such file stopped startup with "Invalid string length", naming
 * nothing; now the app serves, and tells the page which files it set aside.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx')
const CHILD = path.join(ROOT, 'test/integration/history/browser-mode-child.ts')

let child: ChildProcess | undefined
let scratch: string | undefined
afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  child = undefined
  if (scratch) await rm(scratch, { recursive: true, force: true })
  scratch = undefined
})

/** Resolves with the printed URL once the child serves; rejects with its stderr if it exits first. */
function ready(process: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = ''
    let stderr = ''
    process.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    process.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      const match = /READY (\S+)\n/.exec(stdout)
      if (match?.[1]) resolve(match[1])
    })
    process.once('exit', (code) => reject(new Error(`exited with ${code} before serving: ${stderr}`)))
  })
}

describe('startup with oversized files in the user data folder', () => {
  it('serves, and reports each set-aside file by name to the page', async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'oversized-startup-'))
    const userDataDir = path.join(scratch, 'user-data')
    const conversations = path.join(userDataDir, 'conversations')
    const rendererDir = path.join(scratch, 'renderer')
    await mkdir(conversations, { recursive: true })
    await mkdir(rendererDir)
    await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>app</title>')
    // Sparse, so the test costs no disk: 600 MB is more than a JavaScript string can hold.
    for (const file of [path.join(conversations, 'huge.json'), path.join(userDataDir, 'settings.json')]) {
      await writeFile(file, '')
      await truncate(file, 600 * 1024 * 1024)
    }
    await writeFile(
      path.join(conversations, 'kept.json'),
      JSON.stringify({
        version: 1,
        id: 'kept',
        title: 'Still here',
        createdAt: 1,
        updatedAt: 2,
        params: {},
        panes: [{ id: 'p', dialect: 'openai-chat', model: 'm', messages: [] }],
      }),
    )

    child = spawn(TSX, [CHILD, userDataDir, rendererDir], {
      cwd: ROOT,
      // No session bus: the key store falls back to the session, as on a headless machine.
      env: { PATH: process.env.PATH ?? '', HOME: scratch },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const url = new URL(await ready(child))
    const token = new URLSearchParams(url.hash.slice(1)).get('token') ?? ''
    const invoke = async (channel: string): Promise<unknown> => {
      const response = await fetch(`${url.origin}/api/invoke/${encodeURIComponent(channel)}`, {
        method: 'POST',
        headers: { 'x-playground-token': token, origin: url.origin, 'content-type': 'application/json' },
        body: '',
      })
      return response.json()
    }

    const info = (await invoke('app:info')) as { ok: boolean; value: { quarantinedFiles: string[] } }
    expect(info.ok).toBe(true)
    const names = info.value.quarantinedFiles.map((file) => path.relative(userDataDir, file))
    expect(names.map((name) => name.replace(/-[\dT-]+Z$/, '')).sort()).toEqual([
      path.join('conversations', 'huge.json.too-large'),
      'settings.json.too-large',
    ])
    // Set aside whole, never deleted.
    for (const name of names) expect((await stat(path.join(userDataDir, name))).size).toBe(600 * 1024 * 1024)
    const left = await readdir(conversations)
    expect(left.filter((name) => !name.startsWith('huge.json.too-large-'))).toEqual(['kept.json'])
    await expect(invoke('history:list')).resolves.toMatchObject({
      ok: true,
      value: [{ id: 'kept', title: 'Still here' }],
    })
  }, 60_000)
})
