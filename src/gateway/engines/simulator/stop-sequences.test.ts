import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { earliestStopSequence, untilStopSequence } from './stop-sequences'

/** `text` cut before each of `cuts` (positions, any order, repeats allowed: empty pieces too). */
function piecesOf(text: string, cuts: number[]): string[] {
  const at = [...cuts.map((cut) => cut % (text.length + 1)), text.length].sort((a, b) => a - b)
  let from = 0
  return at.map((to) => {
    const piece = text.slice(from, to)
    from = to
    return piece
  })
}

function streamed(pieces: string[], sequences: string[]) {
  const found: { sequence?: string } = {}
  const out = [...untilStopSequence(pieces, sequences, found)]
  return { text: out.join(''), sequence: found.sequence, out }
}

describe('untilStopSequence', () => {
  it('passes on exactly the text before the earliest stop sequence of the whole text, however it is cut (property)', () => {
    const alphabet = fc.constantFrom('a', 'b', 'ab', ' ', '\n', 'ba', 'aab')
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 80 }).map((units) => units.join('')),
        fc.array(
          fc.array(alphabet, { minLength: 0, maxLength: 4 }).map((units) => units.join('')),
          {
            maxLength: 4,
          },
        ),
        fc.array(fc.nat(), { maxLength: 12 }),
        (text, sequences, cuts) => {
          const whole = earliestStopSequence(text, sequences)
          const { text: out, sequence } = streamed(piecesOf(text, cuts), sequences)
          expect(out).toBe(whole === undefined ? text : text.slice(0, whole.index))
          expect(sequence).toBe(whole?.sequence)
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('lets text through as it comes, holding back only what may begin a sequence', () => {
    const { out } = streamed(['Hello wor', 'ld. More', ' text END and after'], ['END', 'world!'])
    // The last 5 characters (the longest sequence, "world!", less one) wait for the next chunk.
    expect(out).toEqual(['Hell', 'o world.', ' More text '])
    expect(streamed(['no sequences here'], []).out).toEqual(['no sequences here'])
  })

  it('stops reading chunks once the earliest sequence is certain', () => {
    let read = 0
    function* chunks(): Generator<string> {
      for (;;) {
        read++
        yield 'one two STOP three '
      }
    }
    const found: { sequence?: string } = {}
    expect([...untilStopSequence(chunks(), ['STOP'], found)].join('')).toBe('one two ')
    expect(found.sequence).toBe('STOP')
    expect(read).toBe(1)
  })
})
