import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { startBrowserMode, type RunningBrowserMode } from '@main/browser-main'
import { createSseParser } from '@shared/dialects/sse/sse-parser'
import type { RunUpdate } from '@shared/runs/run-types'

/**
 * The app in browser mode on loopback, driven over HTTP the way the page drives it: every invoke
 * reply and every event-stream byte is kept as "what the renderer received", every log line as
 * "what was logged", and the user data folder is a fresh temp dir, to be searched afterwards.
 */
export async function startBrowserModeSession() {
  const logLines: string[] = []
  const rendererPayloads: string[] = []
  const updates: RunUpdate[] = []
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'canary-userdata-'))
  const rendererDir = await mkdtemp(path.join(os.tmpdir(), 'canary-renderer-'))
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>')
  const app: RunningBrowserMode = await startBrowserMode({
    userDataDir,
    rendererDir,
    version: 'test',
    env: {},
    writeLog: (line) => logLines.push(line),
  })
  const token = new URL(app.url).hash.replace('#token=', '')
  const eventsAbort = new AbortController()
  const events = await fetch(`${app.origin}/api/events`, {
    headers: { 'x-playground-token': token, origin: app.origin },
    signal: eventsAbort.signal,
  })
  const parser = createSseParser({
    onEvent: (event) => {
      rendererPayloads.push(event.data)
      if (event.event === 'chat:update') updates.push(JSON.parse(event.data) as RunUpdate)
    },
  })
  void (async () => {
    const reader = events.body!.getReader()
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }))
      if (done || !value) return
      rendererPayloads.push(Buffer.from(value).toString('utf8'))
      parser.feed(value)
    }
  })()

  /** Resolves with the value, or rejects with the error message the page would show. */
  async function invoke(channel: string, input?: unknown): Promise<unknown> {
    const response = await fetch(`${app.origin}/api/invoke/${channel}`, {
      method: 'POST',
      headers: { 'x-playground-token': token, origin: app.origin, 'content-type': 'application/json' },
      body: input === undefined ? '' : JSON.stringify(input),
    })
    const text = await response.text()
    rendererPayloads.push(text)
    const envelope = JSON.parse(text) as { ok: boolean; value?: unknown; error?: { message: string } }
    if (!envelope.ok) throw new Error(`${channel}: ${envelope.error?.message}`)
    return envelope.value
  }

  async function runToEnd(input: object): Promise<{ runId: string; terminal: RunUpdate; all: RunUpdate[] }> {
    const { runId } = (await invoke('chat:start', input)) as { runId: string }
    const deadline = Date.now() + 20_000
    for (;;) {
      const terminal = updates.find((u) => u.runId === runId && u.terminal)
      if (terminal) return { runId, terminal, all: updates.filter((u) => u.runId === runId) }
      if (Date.now() > deadline) throw new Error(`run ${runId} did not end`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  /** Every file in the user data folder, the log and everything the renderer received. */
  async function haystacks(): Promise<Array<[string, string]>> {
    const files = await filesUnder(userDataDir)
    return [
      ...(await Promise.all(
        files.map(async (file) => [file, await readFile(file, 'latin1')] as [string, string]),
      )),
      ['log', logLines.join('\n')],
      ['renderer', rendererPayloads.join('\n')],
    ]
  }

  return {
    app,
    userDataDir,
    logLines,
    rendererPayloads,
    updates,
    invoke,
    runToEnd,
    haystacks,
    async close() {
      eventsAbort.abort()
      await app.close()
    },
  }
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) out.push(...(await filesUnder(full)))
    else if ((await stat(full)).isFile()) out.push(full)
  }
  return out
}
