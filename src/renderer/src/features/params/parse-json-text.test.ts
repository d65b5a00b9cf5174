import { describe, expect, it } from 'vitest'
import { describeJsonTextError, lineAndColumn, parseJsonText } from './parse-json-text'

describe('parseJsonText', () => {
  it('returns the value of valid JSON', () => {
    expect(parseJsonText('{"a": [1, 2]}')).toEqual({ ok: true, value: { a: [1, 2] } })
  })

  it('places a syntax error on its line and column', () => {
    const result = parseJsonText('{\n  "a": 1,\n  }')
    expect(result.ok).toBe(false)
    if (result.ok) return
    // The parser stops at the `}` where a property name should be: line 3, column 3.
    expect(result.error).toMatchObject({ line: 3, column: 3 })
    expect(describeJsonTextError(result.error)).toMatch(/^Line 3, column 3: .+\.$/)
    expect(result.error.message).not.toMatch(/position|line \d/i)
  })

  it('puts an unexpected end at the end of the text', () => {
    const result = parseJsonText('[1,\n2')
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error).toMatchObject({ line: 2, column: 2 })
  })
})

describe('lineAndColumn', () => {
  it('counts lines from 1 and columns from 1', () => {
    expect(lineAndColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 })
    expect(lineAndColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 })
  })
})
