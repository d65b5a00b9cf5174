import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ToolDefinition } from '@shared/chat/chat-request'
import { toolNamedIn } from './choose-tool-call'

const tool = (name: string): ToolDefinition => ({ name, parameters: { type: 'object' } })

/** The definition, one regex per spelling (what toolNamedIn did before it had to scale). */
function byRegex(text: string, tools: readonly ToolDefinition[]): ToolDefinition | undefined {
  let best: { tool: ToolDefinition; index: number } | undefined
  for (const candidate of tools) {
    const words = candidate.name
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/[_\-.]+/g, ' ')
      .trim()
    const spellings =
      words === '' || words.toLowerCase() === candidate.name.toLowerCase()
        ? [candidate.name]
        : [candidate.name, words]
    for (const spelling of spellings) {
      const escaped = spelling.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      const match = new RegExp(`(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`, 'iu').exec(text)
      if (match !== null && (best === undefined || match.index < best.index))
        best = { tool: candidate, index: match.index }
    }
  }
  return best?.tool
}

describe('toolNamedIn', () => {
  it('finds the tool named earliest, as declared or as words, whole words only', () => {
    const tools = [tool('get_weather'), tool('searchWeb'), tool('send-email'), tool('get')]
    expect(toolNamedIn('Could you Search web for it, then GET WEATHER?', tools)?.name).toBe('searchWeb')
    expect(toolNamedIn('use get_weather now', tools)?.name).toBe('get_weather')
    expect(toolNamedIn('forget_weathering send-email', tools)?.name).toBe('send-email')
    expect(toolNamedIn('get weather', tools)?.name).toBe('get_weather')
    expect(toolNamedIn('nothing here, émail', tools)).toBeUndefined()
  })

  it('agrees with one regex per spelling on random messages and names (property)', () => {
    const piece = fc.constantFrom(
      'get',
      'Weather',
      '_',
      '-',
      ' ',
      '  ',
      'send',
      'Email',
      'é',
      '日本',
      'x1',
      '.',
      ',',
    )
    const text = fc.array(piece, { maxLength: 40 }).map((pieces) => pieces.join(''))
    const name = fc
      .array(fc.constantFrom('get', 'Weather', 'weather', '_', '-', 'send', 'Email', 'x1'), {
        minLength: 1,
        maxLength: 4,
      })
      .map((parts) => parts.join(''))
    fc.assert(
      fc.property(text, fc.uniqueArray(name, { minLength: 1, maxLength: 5 }), (message, names) => {
        const tools = names.map(tool)
        expect(toolNamedIn(message, tools)?.name).toBe(byRegex(message, tools)?.name)
      }),
      { numRuns: 300 },
    )
  })

  it('finds a tool among 50,000 in a 20 KB message (one pass over the message, not one regex per tool)', () => {
    const tools = Array.from({ length: 50_000 }, (_, i) => tool(`tool_name_${i}`))
    const message = `${'some words '.repeat(1_800)} please call tool name 49999`
    expect(toolNamedIn(message, tools)?.name).toBe('tool_name_49999')
  })
})
