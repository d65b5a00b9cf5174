import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { diffLines, diffWords } from './text-diff'

describe('diffLines', () => {
  it('marks the changed line of two replies and keeps the rest as shared', () => {
    const diff = diffLines('a\nSampling: temperature 0\nb', 'a\nSampling: temperature 1\nb')
    expect(diff).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'Sampling: temperature 0' },
      { kind: 'added', text: 'Sampling: temperature 1' },
      { kind: 'same', text: 'b' },
    ])
  })

  it('rebuilds both texts from the diff (property)', () => {
    const text = fc
      .array(fc.constantFrom('x', 'y', 'z', ''), { maxLength: 12 })
      .map((lines) => lines.join('\n'))
    fc.assert(
      fc.property(text, text, (before, after) => {
        const diff = diffLines(before, after)
        expect(
          diff
            .filter((d) => d.kind !== 'added')
            .map((d) => d.text)
            .join('\n'),
        ).toBe(before)
        expect(
          diff
            .filter((d) => d.kind !== 'removed')
            .map((d) => d.text)
            .join('\n'),
        ).toBe(after)
      }),
    )
  })
})

describe('diffWords', () => {
  it('marks the words two replies differ by, keeping the rest shared', () => {
    expect(diffWords('The capital is Paris.', 'The capital is Rome, I think.')).toEqual([
      { kind: 'same', text: 'The capital is ' },
      { kind: 'removed', text: 'Paris.' },
      { kind: 'added', text: 'Rome, I think.' },
    ])
  })

  it('gives back each text exactly from its parts (property)', () => {
    const text = fc
      .array(fc.constantFrom('x', 'y', 'z', ' ', '\n', '  '), { maxLength: 16 })
      .map((tokens) => tokens.join(''))
    fc.assert(
      fc.property(text, text, (before, after) => {
        const parts = diffWords(before, after)
        const join = (kind: 'added' | 'removed') =>
          parts
            .filter((part) => part.kind !== kind)
            .map((part) => part.text)
            .join('')
        expect(join('added')).toBe(before)
        expect(join('removed')).toBe(after)
        // Merged: no two neighbours of one kind.
        parts.slice(1).forEach((part, index) => expect(part.kind).not.toBe(parts[index]?.kind))
      }),
    )
  })
})
