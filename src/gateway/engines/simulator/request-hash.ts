import { isDeepStrictEqual } from 'node:util'
import type { ChatRequest } from '@shared/chat/chat-request'
import { writeCanonical } from '@shared/json/canonical-json'

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
  const { messages, ...rest } = seedMeaning(request)
  // canonicalHash(seedMeaning(request)), written in the same order: "messages" sorts before every
  // other key.
  let hash = hashMessages(messages, fnv1a32('{"messages":', FNV_OFFSET_BASIS))
  for (const key of Object.keys(rest).sort()) {
    const member = rest[key as keyof typeof rest]
    if (member === undefined || typeof member === 'function') continue
    hash = fnv1a32(`,${JSON.stringify(key)}:`, hash)
    writeCanonical(member, (piece) => (hash = fnv1a32(piece, hash)))
  }
  return fnv1a32('}', hash)
}

/** What the seed is the hash of (see requestSeed for what is left out, and why). */
export function seedMeaning(request: ChatRequest) {
  const greedy = request.temperature === 0
  return {
    messages: request.messages,
    model: request.model,
    system: request.system,
    temperature: request.temperature,
    topP: greedy ? undefined : request.topP,
    seed: greedy ? undefined : request.seed,
    responseFormat: request.responseFormat,
    tools: request.tools,
    toolChoice: request.toolChoice,
  }
}

const FNV_OFFSET_BASIS = 0x811c9dc5

/** The hash state after each message of a recent request, so a conversation sent again resumes. */
type HashedMessages = { messages: readonly unknown[]; statesAfter: number[] }
/** A few conversations (or panes) at once; each entry holds its request's messages alive. */
const RECENT_REQUESTS = 4
const recent: HashedMessages[] = []

/**
 * `[m0,m1,…]` hashed on from `hash`. FNV-1a is sequential, so the state after a message depends on
 * everything before it: a recent request that starts with the same messages (compared by value,
 * which for long texts is a memory compare) gives the state to resume from. A send into a long
 * conversation hashed its whole transcript per pane to seed a reply (performance.md S1); now only its
 * new turn. Hand-written: the seed must stay the FNV-1a of the canonical JSON, which no hashing
 * library resumes like this.
 */
function hashMessages(messages: readonly unknown[], start: number): number {
  const statesAfter: number[] = []
  let hash = fnv1a32('[', start)
  let shared = 0
  // An entry whose messages all begin this request is kept by this one's states from now on.
  const covered: HashedMessages[] = []
  for (const entry of recent) {
    let n = 0
    const limit = Math.min(entry.messages.length, messages.length)
    while (n < limit && isDeepStrictEqual(entry.messages[n], messages[n])) n++
    if (n === entry.messages.length) covered.push(entry)
    if (n > shared) {
      shared = n
      statesAfter.splice(0, statesAfter.length, ...entry.statesAfter.slice(0, n))
    }
  }
  if (shared > 0) hash = statesAfter[shared - 1] as number
  for (let i = shared; i < messages.length; i++) {
    if (i > 0) hash = fnv1a32(',', hash)
    const message = messages[i]
    writeCanonical(message === undefined ? null : message, (piece) => (hash = fnv1a32(piece, hash)))
    statesAfter.push(hash)
  }
  remember({ messages, statesAfter }, covered)
  return fnv1a32(']', hash)
}

/**
 * The newest first. Entries the new one covers go: each would only be compared (a memory compare
 * of its whole transcript) and held again for states the new entry has too.
 */
function remember(entry: HashedMessages, covered: readonly HashedMessages[]): void {
  if (entry.messages.length === 0) return
  const kept = recent.filter((old) => !covered.includes(old))
  recent.splice(0, recent.length, entry, ...kept.slice(0, RECENT_REQUESTS - 1))
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
 * fnv1a32(canonicalJson(value)), hashed piece by piece as it is written: the same number without
 * building the text (a long conversation's whole transcript, on every send).
 */
export function canonicalHash(value: unknown): number {
  let hash = FNV_OFFSET_BASIS
  writeCanonical(value, (piece) => (hash = fnv1a32(piece, hash)))
  return hash
}
