import type { ChatRequest } from '@shared/chat/chat-request'
import { canonicalJson } from '@shared/json/canonical-json'
import { matchMeaning } from './cassette-hash'

/** A cassette's request, named by its file, as a candidate for "the closest one". */
export type CandidateRequest = { name: string; request: ChatRequest }

/**
 * What differs between two requests' match meanings, as a reader would name it: `temperature`,
 * `messages[2]` (the first message that differs), `messages (3 vs 4)` when one conversation merely
 * goes on further.
 */
export function requestDifferences(a: ChatRequest, b: ChatRequest): string[] {
  const left = matchMeaning(a) as Record<string, unknown>
  const right = matchMeaning(b) as Record<string, unknown>
  const differences: string[] = []
  for (const key of [...new Set([...Object.keys(left), ...Object.keys(right)])].sort()) {
    if (key === 'messages') {
      const shared = sharedMessages(a, b)
      if (shared < a.messages.length && shared < b.messages.length) differences.push(`messages[${shared}]`)
      else if (a.messages.length !== b.messages.length)
        differences.push(`messages (${a.messages.length} vs ${b.messages.length})`)
    } else if (canonicalJson(left[key]) !== canonicalJson(right[key])) {
      differences.push(key)
    }
  }
  return differences
}

/** How many messages, from the first, two conversations have in common. */
function sharedMessages(a: ChatRequest, b: ChatRequest): number {
  let n = 0
  const limit = Math.min(a.messages.length, b.messages.length)
  while (n < limit && canonicalJson(a.messages[n]) === canonicalJson(b.messages[n])) n++
  return n
}

/**
 * The candidate a user most likely meant: the same model first, then the longest shared start of the
 * conversation (a conversation that went one turn further, or was edited late, is "nearly" it), then
 * the fewest other fields that differ, then the file name (so the answer never depends on the order
 * the directory was listed in).
 */
export function closestCandidate(
  request: ChatRequest,
  candidates: readonly CandidateRequest[],
): { name: string; differences: string[] } | undefined {
  let best: { name: string; differences: string[]; rank: number[] } | undefined
  for (const candidate of candidates) {
    const differences = requestDifferences(request, candidate.request)
    const rank = [
      candidate.request.model === request.model ? 1 : 0,
      sharedMessages(request, candidate.request),
      -differences.length,
    ]
    if (best === undefined || isBetter(rank, candidate.name, best.rank, best.name)) {
      best = { name: candidate.name, differences, rank }
    }
  }
  return best === undefined ? undefined : { name: best.name, differences: best.differences }
}

function isBetter(rank: number[], name: string, bestRank: number[], bestName: string): boolean {
  for (let i = 0; i < rank.length; i++) {
    const a = rank[i] as number
    const b = bestRank[i] as number
    if (a !== b) return a > b
  }
  return name < bestName
}
