import type { CatalogModel } from '@shared/catalog'
import type { ChatRequest } from '@shared/chat/chat-request'
import type { StreamPart } from '@shared/chat/stream-part'
import { runUpdateSchema, type RunStartInput, type RunUpdate } from '@shared/runs/run-types'
import type { Logger } from '@main/services/log/logger'
import { createRunRegistry, type RunRegistryOptions } from '@main/services/runs'

/**
 * A real registry (real fetch, real connection watcher, real timers) whose every update and log line
 * is also collected in `sink`, so a test file can search them all for the canary key at the end.
 * The logger does not redact: a key reaching it would be caught, not hidden by the sink.
 */
export type Sink = { updates: RunUpdate[]; logLines: string[] }

export function createSink(): Sink {
  return { updates: [], logLines: [] }
}

export function createTestRegistry(
  sink: Sink,
  target: { baseUrl: string; apiKey: string | null; catalog: CatalogModel[] },
  options: Partial<Omit<RunRegistryOptions, 'resolveTarget' | 'emit' | 'logger'>> = {},
) {
  const sent: string[] = []
  const waiters = new Map<string, (update: RunUpdate) => void>()
  const line = (level: string) => (message: string, detail?: unknown) =>
    sink.logLines.push(`${level} ${message}${detail === undefined ? '' : ' ' + JSON.stringify(detail)}`)
  const logger: Logger = { info: line('info'), warn: line('warn'), error: line('error') }
  const registry = createRunRegistry({
    resolveTarget: async () => target,
    emit: (update) => {
      sink.updates.push(update)
      if (update.terminal !== undefined) waiters.get(update.runId)?.(update)
    },
    logger,
    fetch: (input, init) => {
      sent.push(String(input))
      return globalThis.fetch(input, init)
    },
    ...options,
  })

  function start(input: Omit<RunStartInput, 'profileId'>) {
    const { runId } = registry.start({ profileId: 'local', ...input })
    const ended = new Promise<RunUpdate>((resolve) => waiters.set(runId, resolve))
    return { runId, ended, updates: () => sink.updates.filter((u) => u.runId === runId) }
  }
  return { registry, start, sent }
}

export function userRequest(text: string, overrides: Partial<ChatRequest> & { model: string }): ChatRequest {
  return { messages: [{ role: 'user', content: [{ type: 'text', text }] }], stream: true, ...overrides }
}

export function partsOf(updates: readonly RunUpdate[]): StreamPart[] {
  return updates.flatMap((update) => update.parts ?? [])
}

export function textOf(updates: readonly RunUpdate[]): string {
  return partsOf(updates)
    .map((part) => (part.type === 'text-delta' ? part.text : ''))
    .join('')
}

export function expectWellFormed(updates: readonly RunUpdate[]): void {
  updates.forEach((update, index) => {
    const parsed = runUpdateSchema.safeParse(update)
    if (!parsed.success) throw new Error(`update ${index} is invalid: ${parsed.error.message}`)
    if (update.seq !== index) throw new Error(`update ${index} has seq ${update.seq}`)
    if ((update.terminal !== undefined) !== (index === updates.length - 1)) {
      throw new Error(`update ${index}: exactly one terminal update, the last`)
    }
  })
}

export function keyForms(key: string): string[] {
  return [
    key,
    Buffer.from(key).toString('base64'),
    Buffer.from(key).toString('base64url'),
    encodeURIComponent(key),
    JSON.stringify(key).slice(1, -1),
  ]
}
