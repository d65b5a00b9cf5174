import type { SecretMatcher } from './secret-matcher'

/**
 * Redaction of one text that arrives in pieces (a reply's text deltas, one tool call's arguments): a
 * key split across two pieces (`…sk-CAN` + `ARY-…`) is caught because the tail of each piece that
 * could still begin a key is held back and joined to the next piece. No character is lost: `flush`
 * releases what is held when the text ends.
 *
 * At `flush`, a held tail that already spells a large part of a key (the stream stopped in the
 * middle of it) is redacted rather than released: giving back all but the last characters of a key
 * is giving back the key. "Large" is half the key, at most 8 characters, so an ordinary text that
 * happens to end like the start of a key (`…s` before `sk-…`) comes through unchanged.
 */
export type RedactingCarry = {
  /** The piece's text that is safe to show now (possibly empty). */
  push(piece: string): string
  /** The held tail, released or redacted; the carry is empty afterwards. */
  flush(): string
  readonly holding: boolean
}

export function createRedactingCarry(
  matcher: SecretMatcher,
  marker: string,
  minimumUnitsToRedact: number,
): RedactingCarry {
  let held = ''
  return {
    push(piece) {
      if (matcher.empty) return piece
      const text = matcher.redact(held + piece, marker)
      const tail = tailAfterLastMarker(matcher, text, marker)
      if (tail === undefined) {
        held = ''
        return text
      }
      held = text.slice(tail.start)
      return text.slice(0, tail.start)
    },
    flush() {
      const text = held
      held = ''
      if (text === '') return ''
      const tail = matcher.heldTail(text)
      if (tail === undefined || tail.units < minimumUnitsToRedact) return text
      return text.slice(0, tail.start) + marker
    },
    get holding() {
      return held !== ''
    },
  }
}

/**
 * The tail to hold back, never reaching into a marker redaction just wrote: a key that begins the way
 * the marker ends (`]`, `d]`) would otherwise hold the marker's last characters back and, at `flush`,
 * redact them again (`[redacted[redacted]`). A user text that literally spells the marker right before
 * such a key is treated the same way: its key part is then caught within one piece only.
 */
function tailAfterLastMarker(
  matcher: SecretMatcher,
  text: string,
  marker: string,
): { start: number; units: number } | undefined {
  const tail = matcher.heldTail(text)
  if (tail === undefined) return undefined
  const lastMarker = text.lastIndexOf(marker)
  const floor = lastMarker === -1 ? 0 : lastMarker + marker.length
  if (tail.start >= floor) return tail
  const rest = matcher.heldTail(text.slice(floor))
  return rest === undefined ? undefined : { start: floor + rest.start, units: rest.units }
}

/** Half the shortest key, at most 8, at least 1: see `RedactingCarry`. */
export function unitsToRedactAtEnd(secrets: Iterable<string>): number {
  const lengths = [...secrets].filter((s) => s.length > 0).map((s) => s.length)
  if (lengths.length === 0) return 1
  return Math.max(1, Math.min(8, Math.ceil(Math.min(...lengths) / 2)))
}
