import type { DialectId } from '@shared/chat/chat-request'
import type { StreamPart } from '@shared/chat/stream-part'
import { dialects } from '@shared/dialects'
import { encodeSseFrame } from '@shared/dialects/sse/sse-encode'

/**
 * The SSE a real server of `dialect` writes for these parts: the dialect's own server encoder, so the
 * fixtures are the wire format both parsers are tested against, not a hand-written imitation.
 * Returns one string per part (so tests can pace or cut between parts) and the closing frames.
 */
export function wireEvents(
  dialect: DialectId,
  parts: readonly StreamPart[],
): { perPart: string[]; closing: string } {
  const encoder = dialects[dialect].encodeStream({
    id: dialect === 'openai-chat' ? 'chatcmpl-fixture' : 'msg_fixture',
    model: 'vendorb3.8-Flash-Next',
    created: 1_700_000_000,
    includeUsage: true,
  })
  const perPart = parts.map((part) => encoder.push(part).map(encodeSseFrame).join(''))
  return { perPart, closing: encoder.end().map(encodeSseFrame).join('') }
}

/** A whole reply: start, the texts as deltas, usage, finish and (unless `cut`) the end marker. */
export function textReplyParts(
  texts: readonly string[],
  options: { usage?: { inputTokens: number; outputTokens: number }; end?: boolean } = {},
): StreamPart[] {
  const parts: StreamPart[] = [{ type: 'start', id: 'fixture', model: 'vendorb3.8-Flash-Next' }]
  for (const text of texts) parts.push({ type: 'text-delta', text })
  if (options.usage !== undefined) parts.push({ type: 'usage', usage: options.usage })
  parts.push({ type: 'finish', reason: { unified: 'stop', raw: 'stop' } })
  if (options.end !== false) parts.push({ type: 'end' })
  return parts
}

export function sseText(dialect: DialectId, parts: readonly StreamPart[]): string {
  const { perPart, closing } = wireEvents(dialect, parts)
  return perPart.join('') + closing
}
