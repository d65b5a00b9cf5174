import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { GatewayError } from '../chat/errors'
import { checkJsonDepth, findTooDeepJson, jsonTextDepth, MAX_JSON_DEPTH } from './json-depth'

/** Containers from the root down to the deepest one, by the definition (recursive: test inputs are small). */
function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0
  const children = Array.isArray(value) ? value : Object.values(value)
  return 1 + Math.max(0, ...children.map(depthOf))
}

/** `{"a":{"a":…1…}}` as text, built without recursion (JSON.stringify itself overflows on it). */
function deepText(levels: number): string {
  return '{"a":'.repeat(levels) + '1' + '}'.repeat(levels)
}

describe('findTooDeepJson', () => {
  it('finds a value exactly when it nests deeper than the limit (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 9 }), (value, limit) => {
        const path = findTooDeepJson(value, limit)
        expect(path !== undefined).toBe(depthOf(value) > limit)
      }),
      { numRuns: 500 },
    )
  })

  it('names the path to the first offending container, in document order', () => {
    const value = { shallow: [1, 2], tools: [{ parameters: { x: { y: {} } } }] }
    expect(findTooDeepJson(value, 4)).toEqual(['tools', '0', 'parameters', 'x'])
  })

  it('walks a 100,000-level value without overflowing the stack', () => {
    const deep: unknown = JSON.parse(deepText(100_000))
    expect(findTooDeepJson(deep, MAX_JSON_DEPTH)).toHaveLength(MAX_JSON_DEPTH)
    expect(findTooDeepJson(deep, 100_000)).toBeUndefined()
  })
})

describe('jsonTextDepth', () => {
  it('equals the depth of the value the text encodes (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (value) => {
        expect(jsonTextDepth(JSON.stringify(value))).toBe(depthOf(value))
      }),
      { numRuns: 500 },
    )
  })

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonTextDepth(JSON.stringify({ a: '[[[{{{"\\' }))).toBe(1)
    expect(jsonTextDepth(deepText(50_000))).toBe(50_000)
  })
})

describe('checkJsonDepth', () => {
  it('refuses a body deeper than the limit with a 400 naming the field and the limit', () => {
    const body: unknown = JSON.parse(`{"tools":[{"input_schema":${deepText(10_000)}}]}`)
    let error: unknown
    try {
      checkJsonDepth(body)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(GatewayError)
    const gatewayError = error as GatewayError
    expect(gatewayError.kind).toBe('invalid_request')
    expect(gatewayError.param).toBe('tools.0.input_schema.a.a.a')
    expect(gatewayError.message).toContain(`${MAX_JSON_DEPTH} levels`)
  })

  it('accepts a body at exactly the limit', () => {
    expect(() => checkJsonDepth(JSON.parse(deepText(MAX_JSON_DEPTH)))).not.toThrow()
    expect(() => checkJsonDepth(JSON.parse(deepText(MAX_JSON_DEPTH + 1)))).toThrow(GatewayError)
  })
})
