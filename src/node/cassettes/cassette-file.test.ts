import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cassetteFileName, cassetteText, parseCassetteFileName, parseCassetteText } from './cassette-file'
import { sampleCassette, SAMPLE_REQUEST } from './__fixtures__/sample-cassette'

const eventArbitrary = fc.record(
  {
    atMs: fc.integer({ min: 0, max: 1e8 }).map((tenths) => tenths / 10),
    event: fc.string(),
    id: fc.string(),
    data: fc.string({ unit: 'grapheme-composite' }),
  },
  { requiredKeys: ['atMs', 'data'] },
)

describe('cassette files', () => {
  it('round-trip through their text, whatever the events hold (quotes, newlines, any Unicode)', () => {
    fc.assert(
      fc.property(fc.array(eventArbitrary, { maxLength: 30 }), fc.string(), (events, text) => {
        const request = {
          ...SAMPLE_REQUEST,
          messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text }] }],
        }
        const cassette = sampleCassette(request, events)
        expect(parseCassetteText(cassetteText(cassette), 'x.json')).toEqual(cassette)
      }),
    )
  })

  it('put one event per line, so a re-recording that changed one event is a one-line diff', () => {
    const text = cassetteText(sampleCassette())
    const eventLines = text.split('\n').filter((line) => line.trim().startsWith('{"atMs"'))
    expect(eventLines).toHaveLength(3)
    for (const line of eventLines)
      expect(() => JSON.parse(line.trim().replace(/,$/, '')) as unknown).not.toThrow()
  })

  it('are named by the hash prefix and the upstream dialect, and other names are not cassettes', () => {
    const cassette = sampleCassette()
    const name = cassetteFileName(cassette)
    expect(name).toBe(`${cassette.hash.slice(0, 16)}.openai-chat.json`)
    expect(parseCassetteFileName(name)).toEqual({
      hashPrefix: cassette.hash.slice(0, 16),
      dialect: 'openai-chat',
    })
    for (const other of [
      'notes.json',
      `${cassette.hash.slice(0, 16)}.openai-chat.json.1234`,
      'x.openai-chat.json',
    ])
      expect(parseCassetteFileName(other)).toBeUndefined()
  })

  it('refuse a damaged file with its name and the field at fault', () => {
    expect(() => parseCassetteText('{', 'a.json')).toThrow(/^a\.json is not JSON/)
    const wrong = { ...sampleCassette(), version: 2 }
    expect(() => parseCassetteText(JSON.stringify(wrong), 'b.json')).toThrow(
      /^b\.json is not a cassette: version:/,
    )
    const noHash = { ...sampleCassette(), hash: 'abc' }
    expect(() => parseCassetteText(JSON.stringify(noHash), 'c.json')).toThrow(
      /c\.json is not a cassette: hash/,
    )
  })
})
