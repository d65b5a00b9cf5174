import { describe, expect, it } from 'vitest'
import { describeConversions, EXAMPLE_TOOL, textWithExampleTool, validateToolsText } from './validate-tools'

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
      'an OpenAI tool without its function',
      JSON.stringify([{ type: 'function', name: 'a' }]),
      /tools\[0\]: an OpenAI tool is/,
    ],
    [
      'an OpenAI tool with a bad name, named where it is',
      JSON.stringify([{ type: 'function', function: { ...weather, name: 'a b' } }]),
      /tools\[0\]\.function\.name: 1–64/,
    ],
    [
      'an Anthropic tool with a non-object schema',
      JSON.stringify([{ name: 'a', input_schema: { type: 'array' } }]),
      /tools\[0\]\.input_schema\.type: must be "object"/,
    ],
    [
      'a tool mixing the shapes',
      JSON.stringify([{ name: 'a', parameters: { type: 'object' }, input_schema: { type: 'object' } }]),
      /unknown field "parameters"/,
    ],
  ])('refuses %s', (_, text, message) => {
    const result = validateToolsText(text)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.message).toMatch(message)
  })
})

describe('validateToolsText: the native shapes of both dialects', () => {
  it("accepts OpenAI's tools and Anthropic's tools, converted, and says which", () => {
    const openai = { type: 'function', function: { ...weather, description: 'Weather.', strict: true } }
    const anthropic = {
      name: 'lookup',
      description: 'Look up.',
      input_schema: { type: 'object', properties: { q: { type: 'string' } } },
    }
    const result = validateToolsText(
      JSON.stringify([openai, anthropic, { name: 'plain', parameters: { type: 'object' } }]),
    )
    expect(result).toEqual({
      ok: true,
      value: [
        { ...weather, description: 'Weather.' },
        { name: 'lookup', description: 'Look up.', parameters: anthropic.input_schema },
        { name: 'plain', parameters: { type: 'object' } },
      ],
      converted: [
        { name: 'get_weather', from: 'openai' },
        { name: 'lookup', from: 'anthropic' },
      ],
    })
    expect(result.ok && describeConversions(result.converted)).toBe(
      "Converted from OpenAI's format: get_weather. Converted from Anthropic's format: lookup.",
    )
  })

  it('gives an OpenAI function without parameters an empty object schema (Messages needs one)', () => {
    expect(
      validateToolsText(JSON.stringify([{ type: 'function', function: { name: 'now' } }])),
    ).toMatchObject({
      ok: true,
      value: [{ name: 'now', parameters: { type: 'object', properties: {} } }],
    })
  })

  it('says nothing about conversion when every tool was in the editor’s own shape', () => {
    const result = validateToolsText(JSON.stringify([weather]))
    expect(result.ok && describeConversions(result.converted)).toBeUndefined()
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
