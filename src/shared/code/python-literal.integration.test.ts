import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { anyJson } from './__fixtures__/code-arbitraries'
import { startPythonWorker } from '@test/support/python-worker'
import { pythonLiteral } from './python-literal'

// Python itself reads the literal (ast.literal_eval: the literal subset, nothing is executed); the
// worker writes it back as JSON with ensure_ascii, so lone surrogates come back as escapes. JSON
// cannot tell an astral character from the two surrogates of its UTF-16 form (both are written as a
// pair of escapes), so Python also counts the code points of every string, keys included.
const python = startPythonWorker(String.raw`
import ast

def code_points(value):
    if isinstance(value, str):
        return len(value)
    if isinstance(value, list):
        return sum(code_points(item) for item in value)
    if isinstance(value, dict):
        return sum(len(key) + code_points(item) for key, item in value.items())
    return 0

def handle(source):
    value = ast.literal_eval(source)
    return {"value": value, "codePoints": code_points(value)}
`)
afterAll(() => python.close())

function codePoints(value: unknown): number {
  if (typeof value === 'string') return [...value].length
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + codePoints(item), 0)
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).reduce((sum, [key, item]) => sum + [...key].length + codePoints(item), 0)
  }
  return 0
}

async function pythonReads(source: string): Promise<{ value: unknown; codePoints: number }> {
  return (await python.read(source)) as { value: unknown; codePoints: number }
}

describe('pythonLiteral (read back by python3)', () => {
  it('is the same JSON value, whatever the strings and keys', async () => {
    await fc.assert(
      fc.asyncProperty(anyJson, async (value) => {
        const read = await pythonReads(pythonLiteral(value))
        expect(JSON.stringify(read.value)).toBe(JSON.stringify(value))
        expect(read.codePoints).toBe(codePoints(value))
      }),
      { numRuns: 300 },
    )
  })

  it('writes a character outside the BMP as one code point, not as a surrogate pair', async () => {
    expect(pythonLiteral('😀')).toBe('"\\U0001f600"')
    expect(await pythonReads(pythonLiteral('a😀\ud800b'))).toEqual({ value: 'a😀\ud800b', codePoints: 4 })
  })
})
