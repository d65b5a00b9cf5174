import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { anyJson } from './__fixtures__/code-arbitraries'
import { jsLiteral } from './js-literal'

/** What a JS engine makes of the emitted source: the value a pasted snippet would send. */
function evaluate(source: string): unknown {
  return new Function(`return (${source})`)()
}

describe('jsLiteral', () => {
  it('evaluates to the same JSON value, whatever the strings and keys', () => {
    fc.assert(
      fc.property(anyJson, (value) => {
        // JSON text compares own properties in order, `__proto__` included, lone surrogates escaped.
        expect(JSON.stringify(evaluate(jsLiteral(value)))).toBe(JSON.stringify(value))
      }),
      { numRuns: 500 },
    )
  })

  it('writes printable ASCII only (line breaks between items aside)', () => {
    fc.assert(
      fc.property(anyJson, (value) => {
        expect(jsLiteral(value)).toMatch(/^[\x20-\x7e\n]*$/)
      }),
    )
  })

  it('keeps a `__proto__` key a property, not the prototype', () => {
    const value = JSON.parse('{"__proto__":{"type":"string"},"a-b":1,"ok":2}') as object
    const result = evaluate(jsLiteral(value)) as Record<string, unknown>
    expect(Object.keys(result)).toEqual(['__proto__', 'a-b', 'ok'])
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype)
  })
})
