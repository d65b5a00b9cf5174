import { mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningGateway } from '@gateway/start-gateway'
import { percentile } from '@scripts/bench/stats'
import { TOKEN_HEADER } from '@shared/ipc/browser-transport'
import { createRendererDir, type RendererDir } from '@main/browser-host/__fixtures__/renderer-dir'
import { startBrowserMode, type RunningBrowserMode } from '@main/browser-main'
import { GATEWAY_CONFIG_ENV } from '@main/services/local-gateway/start-local-gateway'
import { createSseParser } from '@shared/dialects/sse/sse-parser'
import type { RunUpdate } from '@shared/runs/run-types'
import { CLIENT_KEY, TEXT_MODEL, startSimulatorGateway } from '../gateway/support/gateways'
import { memorySecrets } from '../../support/memory-secrets'

/**
 * The local gateway runs off main's thread: while it is stuck on a CPU-bound request (x-simulate
 * busy-ms), main still answers the page (app:info through the browser-mode host, as the renderer
 * calls it) and a chat with another profile streams to the end. Before the worker, the same request
 * froze main for its whole length. The round-trip figures are printed, not judged.
 */

const BUSY_MS = 4000

let dir: RendererDir
let app: RunningBrowserMode
let hosted: RunningGateway
let token: string
const updates: RunUpdate[] = []
let events: AbortController

beforeAll(async () => {
  dir = await createRendererDir()
  const configPath = path.join(dir.root, 'gateway.json')
  await writeFile(configPath, JSON.stringify({ simulator: { ttftMs: 0, tokensPerSecond: 2000 } }))
  hosted = await startSimulatorGateway()
  app = await startBrowserMode({
    userDataDir: await mkdtemp(path.join(os.tmpdir(), 'busy-gateway-')),
    rendererDir: dir.rendererDir,
    version: 'test',
    env: { [GATEWAY_CONFIG_ENV]: configPath },
    secrets: memorySecrets(),
    writeLog: () => undefined,
  })
  token = new URL(app.url).hash.replace('#token=', '')
  events = new AbortController()
  const response = await fetch(`${app.origin}/api/events`, {
    headers: { [TOKEN_HEADER]: token },
    signal: events.signal,
  })
  const parser = createSseParser({
    onEvent: (message) => {
      if (message.event === 'chat:update') updates.push(JSON.parse(message.data) as RunUpdate)
    },
  })
  void (async () => {
    try {
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) parser.feed(chunk)
    } catch {
      // aborted at the end
    }
  })()
})

afterAll(async () => {
  events?.abort()
  await app?.close()
  await hosted?.close()
  await dir?.remove()
})

async function invoke<T>(channel: string, input?: unknown): Promise<T> {
  const response = await fetch(`${app.origin}/api/invoke/${encodeURIComponent(channel)}`, {
    method: 'POST',
    headers: { [TOKEN_HEADER]: token, 'content-type': 'application/json' },
    body: input === undefined ? '' : JSON.stringify(input),
  })
  const envelope = (await response.json()) as { ok: boolean; value: T; error?: { message: string } }
  if (!envelope.ok) throw new Error(`${channel}: ${envelope.error?.message}`)
  return envelope.value
}

const terminalIndex = (runId: string) =>
  updates.findIndex((u) => u.runId === runId && u.terminal !== undefined)
const terminalOf = (runId: string) => updates[terminalIndex(runId)]
const textOf = (runId: string) =>
  updates
    .filter((u) => u.runId === runId)
    .flatMap((u) => u.parts ?? [])
    .map((part) => (part.type === 'text-delta' ? part.text : ''))
    .join('')

function chatInput(profileId: string, simulate?: string) {
  return {
    profileId,
    dialect: 'openai-chat',
    request: {
      model: TEXT_MODEL,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Say hello.' }] }],
      maxTokens: 64,
      stream: true,
    },
    ...(simulate === undefined ? {} : { simulate }),
  }
}

/** True once the local gateway stops answering a cheap request within a moment: it is busy. */
async function gatewayIsBusy(): Promise<boolean> {
  try {
    await fetch(`${app.services.localGatewayUrl}/models`, { signal: AbortSignal.timeout(300) })
    return false
  } catch {
    return true
  }
}

describe('a busy local gateway', () => {
  it('does not stall main: app:info answers and a chat with another profile streams while it is busy', async () => {
    const profile = await invoke<{ id: string }>('profiles:save', { name: 'Hosted', baseUrl: hosted.baseUrl })
    await invoke('secrets:set', { profileId: profile.id, key: CLIENT_KEY })
    await invoke('catalog:get', { profileId: profile.id })

    const busy = await invoke<{ runId: string }>('chat:start', chatInput('local', `busy-ms=${BUSY_MS}`))
    let confirmedBusy = false
    for (let attempt = 0; attempt < 20 && !confirmedBusy; attempt++) confirmedBusy = await gatewayIsBusy()
    expect(confirmedBusy).toBe(true)

    const second = await invoke<{ runId: string }>('chat:start', chatInput(profile.id))
    const roundTrips: number[] = []
    while (terminalOf(busy.runId) === undefined && roundTrips.length < 400) {
      const started = performance.now()
      const info = await invoke<{ shell: string }>('app:info')
      roundTrips.push(performance.now() - started)
      expect(info.shell).toBe('browser')
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    const secondEnded = terminalOf(second.runId)

    // The busy request was still running while main answered and the other chat streamed to its end.
    expect(roundTrips.length).toBeGreaterThan(5)
    expect(secondEnded?.terminal?.state).toBe('completed')
    expect(textOf(second.runId).length).toBeGreaterThan(0)
    const busyEnd = terminalIndex(busy.runId)
    expect(busyEnd === -1 || terminalIndex(second.runId) < busyEnd).toBe(true)

    // And the busy one completes normally once its gateway is free again.
    for (let i = 0; i < 200 && terminalOf(busy.runId) === undefined; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(terminalOf(busy.runId)?.terminal?.state).toBe('completed')

    const sorted = [...roundTrips].sort((a, b) => a - b)
    process.stdout.write(
      `app:info round trips while the local gateway was busy: n=${sorted.length}, ` +
        `p50=${percentile(sorted, 50).toFixed(1)} ms, p99=${percentile(sorted, 99).toFixed(1)} ms, ` +
        `max=${(sorted[sorted.length - 1] as number).toFixed(1)} ms\n`,
    )
  })
})
