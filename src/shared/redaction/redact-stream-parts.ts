import type { StreamPart } from '../chat/stream-part'
import { createRedactingCarry, unitsToRedactAtEnd, type RedactingCarry } from './redacting-carry'
import { redactStrings } from './redact-strings'
import type { SecretMatcher } from './secret-matcher'

/** What a redacted secret is replaced with, everywhere (logs, the page, history, gateway replies). */
export const REDACTED = '[redacted]'

/** Fields whose values are fixed vocabularies (schemas reject anything else), never free text. */
export const VOCABULARY_FIELDS: ReadonlySet<string> = new Set(['type', 'unified', 'kind'])

/**
 * One reply's parts, redacted in order. Text that arrives in pieces (text, reasoning, each tool
 * call's arguments) goes through a carry per field, so a key split across two deltas is caught;
 * `flush` releases what the carries hold (call it when the reply ends, however it ends).
 */
export type PartRedactor = {
  push(part: StreamPart): StreamPart[]
  flush(): StreamPart[]
}

/** Every string field of a part (ids, models, tool names, finish reasons, event names, errors). */
function redactPartStrings(part: StreamPart, matcher: SecretMatcher): StreamPart {
  if (matcher.empty) return part
  const redact = (text: string): string => matcher.redact(text, REDACTED)
  if (part.type === 'error') {
    // An error's `type` is the dialect's free-text type string (only `kind` is a vocabulary).
    const error = redactStrings(part.error, redact, VOCABULARY_FIELDS)
    return { ...part, error: { ...error, type: redact(part.error.type) } }
  }
  return redactStrings(part, redact, VOCABULARY_FIELDS)
}

/**
 * `redactPart` handles the parts that are not streamed text (default: `redactPartStrings`); the
 * deltas go through the carries.
 */
export function createPartRedactor(
  matcher: SecretMatcher,
  secrets: readonly string[],
  redactPart: (part: StreamPart) => StreamPart = (part) => redactPartStrings(part, matcher),
): PartRedactor {
  const atEnd = unitsToRedactAtEnd(secrets)
  const carries = new Map<string, RedactingCarry>()
  const carry = (field: string): RedactingCarry => {
    let found = carries.get(field)
    if (found === undefined) {
      found = createRedactingCarry(matcher, REDACTED, atEnd)
      carries.set(field, found)
    }
    return found
  }
  const released = (field: string): StreamPart[] => {
    const held = carries.get(field)
    if (held === undefined || !held.holding) return []
    const text = held.flush()
    if (field === 'text') return [{ type: 'text-delta', text }]
    if (field === 'reasoning') return [{ type: 'reasoning-delta', text }]
    return [{ type: 'tool-call-delta', index: Number(field.slice('tool:'.length)), argumentsDelta: text }]
  }
  const releaseAll = (): StreamPart[] => [...carries.keys()].flatMap(released)

  return {
    push(p) {
      if (matcher.empty) return [p]
      switch (p.type) {
        case 'text-delta':
        case 'reasoning-delta': {
          // Text and reasoning are separate blocks: switching from one to the other ends the first.
          const field = p.type === 'text-delta' ? 'text' : 'reasoning'
          const out = released(field === 'text' ? 'reasoning' : 'text')
          const text = carry(field).push(p.text)
          if (text !== '') out.push({ ...p, text })
          return out
        }
        case 'tool-call-delta': {
          const argumentsDelta = carry(`tool:${p.index}`).push(p.argumentsDelta)
          return argumentsDelta === '' ? [] : [{ ...p, argumentsDelta }]
        }
        case 'tool-call-start':
        case 'redacted-reasoning':
          return [...released('text'), ...released('reasoning'), redactPart(p)]
        case 'reasoning-signature':
          // It closes the thinking held back so far, which must go out before it.
          return [...released('reasoning'), redactPart(p)]
        case 'tool-call-end':
          return [...released(`tool:${p.index}`), p]
        case 'finish':
        case 'end':
        case 'error':
          return [...releaseAll(), redactPart(p)]
        case 'start':
        case 'usage':
        case 'raw':
          return [redactPart(p)]
        default: {
          const unreachable: never = p
          throw new Error(`unknown stream part ${JSON.stringify(unreachable)}`)
        }
      }
    },
    flush: releaseAll,
  }
}
