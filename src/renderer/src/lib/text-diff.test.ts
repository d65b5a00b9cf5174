import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { diffLines } from './line-diff'

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
