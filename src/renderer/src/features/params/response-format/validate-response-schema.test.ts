import { describe, expect, it } from 'vitest'
import {
  EXAMPLE_RESPONSE_SCHEMA,
  validateResponseSchemaText,
  validateSchemaName,
} from './validate-response-schema'

describe('validateResponseSchemaText', () => {
  it('accepts the example, and non-object roots (an array reply is legitimate)', () => {
    expect(validateResponseSchemaText(JSON.stringify(EXAMPLE_RESPONSE_SCHEMA))).toEqual({
      ok: true,
      value: EXAMPLE_RESPONSE_SCHEMA,
    })
    expect(validateResponseSchemaText('{"type":"array","items":{"type":"string"}}').ok).toBe(true)
  })

  it('reports syntax first, with the position, then the structure', () => {
    expect(validateResponseSchemaText('{"type": "object"')).toEqual({
      ok: false,
      message: expect.stringMatching(/^Line 1, column 18: /),
    })
    expect(validateResponseSchemaText('{"type":"object","required":"city"}')).toEqual({
      ok: false,
      message: 'schema.required: must be an array of property names.',
    })
    expect(validateResponseSchemaText('[]').ok).toBe(false)
    expect(validateResponseSchemaText('').ok).toBe(false)
  })
})

describe('validateSchemaName', () => {
  it("follows Chat Completions' name rule", () => {
    expect(validateSchemaName('weather_report-2').ok).toBe(true)
    expect(validateSchemaName('').ok).toBe(false)
    expect(validateSchemaName('weather report').ok).toBe(false)
    expect(validateSchemaName('x'.repeat(65)).ok).toBe(false)
  })
})
