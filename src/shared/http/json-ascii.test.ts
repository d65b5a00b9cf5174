import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { escapeJsonNonAscii, toAsciiJson } from './json-ascii'

describe('toAsciiJson', () => {
  it('is printable ASCII and parses back to the same value for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: 'binary' }), (value, text) => {
        for (const v of [value, { text }]) {
          const json = toAsciiJson(v)
          expect(json).toMatch(/^[\x20-\x7e]*$/)
          expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(v)))
        }
      }),
      { numRuns: 500 },
    )
  })

  it('escapes the characters that make a pasted command lie', () => {
    expect(toAsciiJson('a\u2028b\u202ec\u0085d\u007f')).toBe('"a\\u2028b\\u202ec\\u0085d\\u007f"')
    expect(toAsciiJson('é👋')).toBe('"\\u00e9\\ud83d\\udc4b"')
  })

  it('keeps pretty-printed JSON valid (whitespace between tokens is not escaped)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const pretty = escapeJsonNonAscii(JSON.stringify(value, null, 2))
        expect(JSON.parse(pretty)).toEqual(JSON.parse(JSON.stringify(value)))
      }),
    )
  })

  it('leaves already-ASCII JSON text unchanged', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const ascii = toAsciiJson(value)
        expect(escapeJsonNonAscii(ascii)).toBe(ascii)
      }),
    )
  })
})
