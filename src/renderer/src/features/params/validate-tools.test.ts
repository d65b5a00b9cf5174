import { describe, expect, it } from 'vitest'
import { EXAMPLE_TOOL, textWithExampleTool, validateToolsText } from './validate-tools'

const weather = {
  name: 'get_weather',
  parameters: { type: 'object', properties: { city: { type: 'string' } } },
}

describe('validateToolsText', () => {
  it('accepts an array of function definitions, and empty text as no tools', () => {
    expect(validateToolsText(JSON.stringify([{ ...weather, description: 'Weather.' }]))).toEqual({
      ok: true,
      value: [{ ...weather, description: 'Weather.' }],
    })
    expect(validateToolsText('  ')).toEqual({ ok: true, value: [] })
    expect(validateToolsText('[]')).toEqual({ ok: true, value: [] })
  })

  it('reports JSON syntax errors with their position', () => {
    expect(validateToolsText('[{"name": "x",}]')).toEqual({
      ok: false,
      message: expect.stringMatching(/^Line 1, column 15: /),
    })
  })

  it.each([
    ['not an array', '{"name":"a"}', /must be a JSON array/],
    ['a name with a space', JSON.stringify([{ ...weather, name: 'get weather' }]), /tools\[0\]\.name: 1–64/],
    ['a 65-character name', JSON.stringify([{ ...weather, name: 'a'.repeat(65) }]), /tools\[0\]\.name/],
    [
      'a duplicate name',
      JSON.stringify([weather, weather]),
      /tools\[1\]\.name: "get_weather" is defined twice/,
    ],
    ['no parameters', JSON.stringify([{ name: 'a' }]), /tools\[0\]\.parameters: required/],
    [
      'a non-object parameters root',
      JSON.stringify([{ name: 'a', parameters: { type: 'string' } }]),
      /tools\[0\]\.parameters\.type: must be "object"/,
    ],
    [
      'an unknown JSON Schema type',
      JSON.stringify([{ name: 'a', parameters: { type: 'object', properties: { x: { type: 'strin' } } } }]),
      /tools\[0\]\.parameters\.properties\.x\.type: "strin" is not a JSON Schema type/,
    ],
    ['an unknown field', JSON.stringify([{ ...weather, strict: true }]), /unknown field "strict"/],
    [
      "OpenAI's wire shape",
      JSON.stringify([{ type: 'function', function: weather }]),
      /without the \{"type":"function"/,
    ],
  ])('refuses %s', (_, text, message) => {
    const result = validateToolsText(text)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.message).toMatch(message)
  })
})

describe('textWithExampleTool', () => {
  it('puts the example in an empty editor', () => {
    expect(validateToolsText(textWithExampleTool(''))).toEqual({ ok: true, value: [EXAMPLE_TOOL] })
  })

  it('appends it to valid tools once', () => {
    const other = { name: 'lookup', parameters: { type: 'object' } }
    const once = textWithExampleTool(JSON.stringify([other]))
    expect(validateToolsText(once)).toEqual({ ok: true, value: [other, EXAMPLE_TOOL] })
    expect(textWithExampleTool(once)).toBe(once)
  })
})
