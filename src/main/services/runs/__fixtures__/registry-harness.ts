import { randomUUID } from 'node:crypto'
import { buildCatalog } from '@shared/catalog'
import type { ChatRequest } from '@shared/chat/chat-request'
import type { StreamPart } from '@shared/chat/stream-part'
import { runUpdateSchema, type RunStartInput, type RunUpdate } from '@shared/runs/run-types'
import type { Logger } from '../../log/logger'
import { createRunRegistry } from '../create-run-registry'
import type { RunRegistryOptions, RunTarget } from '../run-registry-options'
import { createFakeNetwork, type FakeCall, type FakeReply } from './fake-network'

/** The canary: searched for in every update and log line (security.md §2). */
export const CANARY_KEY = `sk-CANARY-${randomUUID()}`
export const BASE_URL = 'http://127.0.0.1:8787/v1'
const CATALOG = buildCatalog({ baseUrl: BASE_URL })
export const TEXT_MODEL = CATALOG[1]!

export function chatRequest(overrides: Partial<ChatRequest> = {}): ChatRequest {
  return {
    model: TEXT_MODEL.model,
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Tell me something.' }] }],
    stream: true,
    ...overrides,
  }
}

export type HarnessOptions = Partial<RunRegistryOptions> & {
  /** Overrides parts of the default target (gateway URL, canary key, seed catalog). */
  target?: Partial<RunTarget>
}

/**
 * A registry on a scripted network. Its logger does NOT redact (unlike the app's sink), so a key
 * that reaches a log line is caught by the tests instead of being hidden by the sink.
 */
export function createHarness(
  script: (call: FakeCall) => FakeReply | Promise<FakeReply>,
  options: HarnessOptions = {},
) {
  const network = createFakeNetwork(script)
  const updates: RunUpdate[] = []
  const logLines: string[] = []
  const waiters = new Map<string, (update: RunUpdate) => void>()
  const line = (level: string) => (message: string, detail?: unknown) =>
    logLines.push(`${level} ${message}${detail === undefined ? '' : ' ' + JSON.stringify(detail)}`)
  const logger: Logger = { info: line('info'), warn: line('warn'), error: line('error') }
  const { target, ...rest } = options
  const registry = createRunRegistry({
    resolveTarget: async () => ({ baseUrl: BASE_URL, apiKey: CANARY_KEY, catalog: CATALOG, ...target }),
    emit: (update) => {
      updates.push(update)
      if (update.terminal !== undefined) waiters.get(update.runId)?.(update)
    },
    logger,
    fetch: network.fetch,
    connectionWatcher: network.watcher,
    random: () => 0,
    ...rest,
  })

  function start(input: Partial<RunStartInput> = {}) {
    const { runId } = registry.start({
      profileId: 'local',
      dialect: 'openai-chat',
      request: chatRequest(),
      ...input,
    })
    const ended = new Promise<RunUpdate>((resolve) => waiters.set(runId, resolve))
    return { runId, ended, updates: () => updates.filter((u) => u.runId === runId) }
  }

  return { registry, network, updates, logLines, start }
}

export function partsOf(updates: readonly RunUpdate[]): StreamPart[] {
  return updates.flatMap((update) => update.parts ?? [])
}

export function textOf(updates: readonly RunUpdate[]): string {
  return partsOf(updates)
    .map((part) => (part.type === 'text-delta' ? part.text : ''))
    .join('')
}

/** Every update is valid on the wire, numbered 0, 1, 2…, and only the last one is terminal. */
export function expectWellFormed(updates: readonly RunUpdate[]): void {
  updates.forEach((update, index) => {
    const parsed = runUpdateSchema.safeParse(update)
    if (!parsed.success) throw new Error(`update ${index} is invalid: ${parsed.error.message}`)
    if (update.seq !== index) throw new Error(`update ${index} has seq ${update.seq}`)
    const isLast = index === updates.length - 1
    if ((update.terminal !== undefined) !== isLast)
      throw new Error(`update ${index}: terminal must come last, once`)
  })
}
