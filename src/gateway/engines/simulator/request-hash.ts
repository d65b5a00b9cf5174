import type { ChatRequest } from '../../../shared/chat/chat-request'

/**
 * The seed of a reply: a stable 32-bit hash of what the request *means* for the text.
 *
 * Left out on purpose:
 * - `stream`, `includeUsage`: streaming or not must give the same reply and the same usage;
 * - `maxTokens`, `stop`: they cut the reply, they do not change it, so a smaller `max_tokens` shows a
 *   prefix of the same text (as greedy decoding would), which is what users compare in a playground;
 * - `parallelToolCalls`: the simulator makes at most one call anyway;
 * - at temperature 0, `seed` and `topP`: greedy decoding ignores the sampler, so there is one canonical
 *   reply per conversation.
 */
export function requestSeed(request: ChatRequest): number {
  const greedy = request.temperature === 0
  const meaning = {
    model: request.model,
    system: request.system,
    messages: request.messages,
    temperature: request.temperature,
    topP: greedy ? undefined : request.topP,
    seed: greedy ? undefined : request.seed,
    responseFormat: request.responseFormat,
    tools: request.tools,
    toolChoice: request.toolChoice,
  }
  return canonicalHash(meaning)
}

/** FNV-1a over UTF-16 code units: linear, and identical on every platform. */
export function fnv1a32(text: string, seed = 0x811c9dc5): number {
  let hash = seed >>> 0
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/**
 * JSON with object keys sorted, so the hash does not depend on the order a client wrote its keys in
 * (a JSON Schema with the same properties in another order is the same tool). `undefined` members are
 * dropped exactly like JSON.stringify drops them.
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = []
  writeCanonical(value, (piece) => out.push(piece))
  return out.join('')
}

/**
 * fnv1a32(canonicalJson(value)), hashed piece by piece as it is written: the same number without
 * building the text (a 1M-token conversation's request is 2+ MB of it, on every send).
 */
export function canonicalHash(value: unknown): number {
  let hash = 0x811c9dc5
  writeCanonical(value, (piece) => (hash = fnv1a32(piece, hash)))
  return hash
}

function writeCanonical(value: unknown, write: (piece: string) => void): void {
  if (value === null || typeof value !== 'object') {
    write(JSON.stringify(value) ?? 'null')
    return
  }
  if (Array.isArray(value)) {
    write('[')
    value.forEach((item, i) => {
      if (i > 0) write(',')
      writeCanonical(item === undefined ? null : item, write)
    })
    write(']')
    return
  }
  const record = value as Record<string, unknown>
  write('{')
  let first = true
  for (const key of Object.keys(record).sort()) {
    const member = record[key]
    if (member === undefined || typeof member === 'function') continue
    if (!first) write(',')
    first = false
    write(JSON.stringify(key))
    write(':')
    writeCanonical(member, write)
  }
  write('}')
}
