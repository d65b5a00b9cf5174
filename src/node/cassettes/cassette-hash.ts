import { createHash } from 'node:crypto'
import type { ChatRequest } from '@shared/chat/chat-request'
import { canonicalJson } from '@shared/json/canonical-json'

/**
 * What a cassette is matched by: the canonical request (the same for either client dialect, so a
 * reply recorded through one dialect replays through the other) without what only says how the reply
 * travels — `stream` (a streamed recording answers a whole-reply request and the reverse) and
 * `includeUsage` (the proxy always asks upstream). Everything that may change what a model says stays
 * in: model, system, messages, sampling, max tokens, stop sequences, tools, tool choice, response
 * format, seed. The key is never part of a request, so never part of the hash.
 */
export function matchMeaning(request: ChatRequest): Omit<ChatRequest, 'stream' | 'includeUsage'> {
  const { stream: _stream, includeUsage: _includeUsage, ...meaning } = request
  return meaning
}

/** sha256 (hex) of the canonical JSON of the match meaning: keys sorted, `undefined` left out. */
export function cassetteHash(request: ChatRequest): string {
  return createHash('sha256')
    .update(canonicalJson(matchMeaning(request)))
    .digest('hex')
}
