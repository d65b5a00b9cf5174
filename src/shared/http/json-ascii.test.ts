import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createAsciiJsonWriter, escapeJsonNonAscii, toAsciiJson } from './json-ascii'

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

describe('createAsciiJsonWriter', () => {
  /** What the writer must always answer: the plain escaped JSON.stringify, or its very error. */
  function reference(value: unknown): { text?: string; error?: string } {
    try {
      return { text: escapeJsonNonAscii(JSON.stringify(value)) }
    } catch (error) {
      return { error: (error as Error).constructor.name }
    }
  }
  function written(write: (value: unknown) => string, value: unknown): { text?: string; error?: string } {
    try {
      return { text: write(value) }
    } catch (error) {
      return { error: (error as Error).constructor.name }
    }
  }

  // Strings of any length and alphabet (remembered from 3 characters), holes, undefined members,
  // functions, dates, boxed values, bigints, -0 and NaN: whatever JSON.stringify would be handed.
  const value = fc.anything({
    maxDepth: 4,
    withBoxedValues: true,
    withDate: true,
    withSparseArray: true,
    withNullPrototype: true,
    withBigInt: true,
    withObjectString: true,
    stringUnit: 'binary',
  })

  it('writes exactly what escaping JSON.stringify writes, the first time and when strings are remembered', () => {
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 4 }), (values) => {
        const { write } = createAsciiJsonWriter({ minChars: 3, maxChars: 64 })
        // Each value twice, in turn: the second writes from what the first remembered.
        for (const v of [...values, ...values]) expect(written(write, v)).toEqual(reference(v))
      }),
      { numRuns: 400 },
    )
  })

  it('writes members JSON.stringify drops or nulls, toJSON results and cycles as it does', () => {
    const { write } = createAsciiJsonWriter({ minChars: 1, maxChars: 1000 })
    const cyclic: Record<string, unknown> = { text: 'long enough' }
    cyclic.self = { back: cyclic }
    const cases: unknown[] = [
      { a: undefined, b: () => 1, c: Symbol('s'), d: [undefined, () => 1, Symbol('t')] },
      { when: new Date(0), custom: { toJSON: () => 'ü' }, gone: { toJSON: () => undefined } },
      { n: [NaN, -0, Infinity, 1e21] },
      [new String('é'), new Number(2), Object.create(null)],
      { toJSON: 'not a function' },
      cyclic,
      { big: 1n },
    ]
    for (const v of cases) expect(written(write, v)).toEqual(reference(v))
  })

  it('gives each remembered string back for its own text, never for another of the same length', () => {
    const { write } = createAsciiJsonWriter({ minChars: 4, maxChars: 1 << 20 })
    const a = 'é'.repeat(5000)
    const b = 'é'.repeat(4999) + 'è'
    expect(JSON.parse(write({ messages: [a, b] }))).toEqual({ messages: [a, b] })
    expect(JSON.parse(write([b, a]))).toEqual([b, a])
  })
})

describe('toAsciiJson on a cycle with no long string', () => {
  it('refuses it as JSON.stringify does, at once (the check for long strings does not fan out forever)', () => {
    const node: Record<string, unknown> = {}
    for (const key of ['a', 'b', 'c', 'd']) node[key] = node
    expect(() => toAsciiJson(node)).toThrow(TypeError)
  })
})

describe('toAsciiJson nested deep', () => {
  it('writes what JSON.stringify writes, as deep as it goes (~4,000 here), and refuses deeper alike', () => {
    for (const depth of [4_000, 50_000]) {
      let deep: unknown = 'x'.repeat(2048)
      for (let i = 0; i < depth; i++) deep = [deep]
      const expected = (() => {
        try {
          return escapeJsonNonAscii(JSON.stringify(deep))
        } catch (error) {
          return (error as Error).constructor.name
        }
      })()
      const got = (() => {
        try {
          return toAsciiJson(deep)
        } catch (error) {
          return (error as Error).constructor.name
        }
      })()
      expect(got).toBe(expected)
    }
  })
})
